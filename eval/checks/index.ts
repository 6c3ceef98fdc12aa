/** The checks every answer gets (eval/README.md#the-checks), by the name a failure line prints. */
import { meetsExpectations } from './expect';
import { inventsNothing, notInPast } from './facts';
import { correctSentences, notAParrot, quotesAreTheUsers } from './language';
import { developerWords, pageWords } from './page-words';
import { citesRealSources } from './sources';
import type { Check } from './types';

export const CHECKS: Record<string, Check> = {
  'page-words': pageWords,
  'developer-words': developerWords,
  sources: citesRealSources,
  'invents-nothing': inventsNothing,
  'not-in-past': notInPast,
  quotes: quotesAreTheUsers,
  'not-a-parrot': notAParrot,
  sentences: correctSentences,
  expect: meetsExpectations,
};
