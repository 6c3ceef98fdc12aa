import { describe, expect, it } from '@jest/globals';
import {
  aboutMeAddress,
  actionPlanWeekAddress,
  canonicalAddress,
  checkinAddress,
  fileAddress,
  informationPlanAddress,
  journalAddress,
  meetingAddress,
  milestoneAddress,
  personAddress,
  readCoachingAddress,
  readDashboardAddress,
  readPeopleAddress,
  readPlanningAddress,
  researchAddress,
  todoAddress,
} from './addresses';

describe('addresses: every object a user opens has one URL, and its page reads it back', () => {
  it('files and About me on the dashboard', () => {
    const url = fileAddress('career goals', 'Q1 & Q2.md');
    expect(url).toBe('/dashboard?folder=career+goals&file=Q1+%26+Q2.md');
    expect(readDashboardAddress(url.slice('/dashboard'.length))).toEqual({
      file: { folder: 'career goals', fileName: 'Q1 & Q2.md' },
      aboutMe: null,
    });
    // The address names a statement by the number the list shows; the page gets its index back.
    expect(aboutMeAddress(2)).toBe('/dashboard?about=statements&statement=3');
    expect(readDashboardAddress(aboutMeAddress(2).slice('/dashboard'.length)).aboutMe).toEqual({ statement: 2 });
    expect(readDashboardAddress('?about=statements&statement=0').aboutMe).toEqual({ statement: null });
    expect(readDashboardAddress(aboutMeAddress().slice('/dashboard'.length)).aboutMe).toEqual({ statement: null });
    expect(readDashboardAddress('?folder=&file=x').file).toBeNull();
  });

  it('journal days, and the older ?date= form turned into them', () => {
    expect(journalAddress('2026-11-26')).toBe('/journal/2026-11-26');
    expect(canonicalAddress('/journal?date=2026-11-26')).toBe('/journal/2026-11-26');
    expect(canonicalAddress('https://example.com/a')).toBe('https://example.com/a');
    expect(canonicalAddress('/people?person=4')).toBe('/people?person=4');
  });

  it('todos, milestones and weeks of the plan', () => {
    expect(todoAddress(12)).toBe('/planning/all_todos?todo=12');
    expect(milestoneAddress(5)).toBe('/planning/milestones_view?milestone=5');
    expect(actionPlanWeekAddress('2026-W48')).toBe('/planning/action_plan?week=2026-W48');
    expect(readPlanningAddress('?todo=12')).toEqual({ todo: 12, milestone: null, week: null });
    expect(readPlanningAddress('?week=2026-W48&milestone=5')).toEqual({ todo: null, milestone: 5, week: '2026-W48' });
    expect(readPlanningAddress('?todo=-1&week=2026-48')).toEqual({ todo: null, milestone: null, week: null });
  });

  it('check-ins with their period and question, and information gathering', () => {
    const url = checkinAddress('end_of_day', '2026-11-26', 11);
    expect(url).toBe('/coaching?tab=end-of-day-checkin&period=2026-11-26&question=11');
    expect(readCoachingAddress(url.slice('/coaching'.length))).toEqual({
      tab: 'end-of-day-checkin',
      type: 'end_of_day',
      period: '2026-11-26',
      question: 11,
      plan: null,
    });
    expect(readCoachingAddress(informationPlanAddress(2).slice('/coaching'.length))).toMatchObject({
      tab: 'information-gathering',
      type: null,
      plan: 2,
    });
    expect(readCoachingAddress('?tab=nope&period=<script>')).toEqual({ tab: null, type: null, period: null, question: null, plan: null });
  });

  it('people, a profile section, research and meetings', () => {
    expect(personAddress(4)).toBe('/people?person=4');
    expect(personAddress(4, { section: 'working_style' })).toBe('/people?person=4&section=working_style');
    expect(researchAddress(4)).toBe('/people?person=4&view=research');
    expect(meetingAddress(4, 9)).toBe('/people?person=4&meeting=9');
    expect(readPeopleAddress('?person=4&meeting=9')).toEqual({ person: 4, meeting: 9, section: null, view: null });
    expect(meetingAddress(4, 9, { section: 'notes' })).toBe('/people?person=4&meeting=9&section=notes');
    expect(meetingAddress(null, 9, { section: 'agenda' })).toBe('/people?meeting=9&section=agenda');
    expect(readPeopleAddress('?person=4&meeting=9&section=notes')).toEqual({ person: 4, meeting: 9, section: 'notes', view: null });
    expect(readPeopleAddress('?person=4&view=research&section=Bad-Key')).toEqual({
      person: 4,
      meeting: null,
      section: null,
      view: 'research',
    });
  });
});
