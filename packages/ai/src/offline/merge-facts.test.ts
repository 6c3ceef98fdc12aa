import { describe, expect, test } from '@jest/globals';
import { sectionsFor } from '../career-folders';
import { mergeFacts } from './merge-facts';

const order = sectionsFor('interview-stories');
const result = order.find((s) => /result/i.test(s.heading));
const story = '# Checkout story\n\n## Result\n- Cut checkout latency by 40% in Q2.\n';

describe('mergeFacts never writes again what the file already says', () => {
  test('the same fact in other words (tense, fillers, order) is not added', () => {
    for (const text of [
      'I cut the checkout latency by 40% in Q2.',
      'In Q2 we cut checkout latency by 40%',
      'Cutting checkout latency by 40% in Q2',
    ]) {
      expect(mergeFacts(story, [{ text, section: result }], { order, title: 'Checkout story' })).toBe(story);
    }
  });

  test('a fact that adds something is added, under its heading', () => {
    const merged = mergeFacts(story, [{ text: 'Conversion rose by 3% after the launch, worth $2M a year.', section: result }], {
      order,
      title: 'Checkout story',
    });
    expect(merged).toBe(`${story.trimEnd()}\n- Conversion rose by 3% after the launch, worth $2M a year.\n`);
  });

  test('a fact close to an earlier one but with new detail is kept', () => {
    const merged = mergeFacts(story, [{ text: 'I cut checkout latency by 40% in Q2 by caching prices at the edge.', section: result }], {
      order,
      title: 'Checkout story',
    });
    expect(merged).toContain('caching prices at the edge');
  });
});
