import { describe, expect, test } from '@jest/globals';
import {
  PEOPLE_MESSAGES as M,
  PERSON_SECTIONS,
  createMeetingBody,
  defaultMeetingTitle,
  fullProfile,
  meetingDateValue,
  meetingTitleOr,
  MEETING_PREP_QUESTIONS,
  reorderPeopleBody,
  updatePersonBody,
} from './people';

const errorsOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : [...new Set(result.error!.issues.map((i) => i.message))];

describe('profile sections', () => {
  test('basic_profile comes first with role, company, team and how we know each other; notes last', () => {
    expect(PERSON_SECTIONS.map((s) => s.key)).toEqual([
      'basic_profile',
      'working_style',
      'goals_priorities',
      'what_they_care_about',
      'history_with_me',
      'notes',
    ]);
    expect(PERSON_SECTIONS[0].fields.slice(0, 4).map((f) => f.key)).toEqual(['role', 'company', 'team', 'how_we_know']);
  });

  test('a stored profile is laid over blanks: every field present, unknown ones dropped', () => {
    const profile = fullProfile({ basic_profile: { role: 'CTO', bogus: 'x' }, stray: { a: 'b' } });
    expect(profile.basic_profile!.role).toBe('CTO');
    expect(profile.basic_profile!.company).toBe('');
    expect(profile.basic_profile).not.toHaveProperty('bogus');
    expect(profile).not.toHaveProperty('stray');
    expect(Object.keys(profile)).toHaveLength(6);
  });
});

describe('PATCH /people/{id} bodies', () => {
  test('one or several fields of one or several sections, and a rename', () => {
    expect(updatePersonBody.parse({ basic_profile: { role: 'VP Sales', company: 'Acme' }, notes: { notes: null } })).toEqual({
      sections: { basic_profile: { role: 'VP Sales', company: 'Acme' }, notes: { notes: '' } },
    });
    expect(updatePersonBody.parse({ full_name: '  Dana Lee ' })).toEqual({ full_name: 'Dana Lee', sections: {} });
  });

  test('unknown sections and fields, non-text and too-long values are all named', () => {
    expect(
      errorsOf(
        updatePersonBody.safeParse({
          hobbies: { a: 'b' },
          basic_profile: { shoe_size: '42', role: 7, company: 'x'.repeat(501) },
          notes: 'flat',
        }),
      ),
    ).toEqual([
      M.unknownSection('hobbies'),
      M.unknownField('basic_profile', 'shoe_size'),
      M.fieldText('basic_profile', 'role'),
      'basic_profile.company can be at most 500 characters.',
      M.sectionShape('notes'),
    ]);
    expect(errorsOf(updatePersonBody.safeParse({}))).toEqual([M.patchEmpty]);
    expect(errorsOf(updatePersonBody.safeParse({ full_name: ' ' }))).toEqual([M.fullNameRequired]);
  });

  test('reorder takes ids as numbers or digits', () => {
    expect(reorderPeopleBody.parse({ order: [3, '1', 3] })).toEqual({ order: [3, 1] });
    expect(errorsOf(reorderPeopleBody.safeParse({ order: [1, 'x'] }))).toEqual([M.orderInvalid]);
  });
});

describe('meetings', () => {
  test('attendee ids are parsed as integers; anything else is refused', () => {
    expect(createMeetingBody.parse({ meeting: { title: 'x' }, attendee_ids: ['4', 5, 4] }).attendee_ids).toEqual([4, 5]);
    for (const bad of [['1.5'], [0], ['abc'], 'nope', [-3]]) {
      expect(errorsOf(createMeetingBody.safeParse({ meeting: {}, attendee_ids: bad }))).toEqual([M.attendeeIdsInvalid]);
    }
  });

  test('a meeting date is a wall-clock time; blank is ignored; an impossible date is refused', () => {
    expect(meetingDateValue('2026-03-05T14:30')).toBe('2026-03-05T14:30');
    expect(meetingDateValue('2026-03-05 09:05:59.123Z')).toBe('2026-03-05T09:05');
    expect(meetingDateValue('2026-03-05')).toBe('2026-03-05T00:00');
    expect(meetingDateValue('2026-02-30T10:00')).toBeUndefined();
    expect(meetingDateValue('2026-03-05T24:00')).toBeUndefined();
    expect(createMeetingBody.parse({ meeting: { meeting_date: '  ' } }).meeting.meeting_date).toBeUndefined();
    expect(errorsOf(createMeetingBody.safeParse({ meeting: { meeting_date: 'tomorrow' } }))).toEqual([M.meetingDateInvalid]);
  });

  test("a blank title becomes 'New meeting - YYYY-MM-DD HH:MM' of the local time", () => {
    expect(defaultMeetingTitle({ year: 2026, month: 3, day: 5, hour: 9, minute: 7 })).toBe('New meeting - 2026-03-05 09:07');
    expect(meetingTitleOr('   ', new Date(2026, 0, 2, 23, 59))).toBe('New meeting - 2026-01-02 23:59');
    expect(meetingTitleOr(' 1:1 ', new Date())).toBe('1:1');
  });

  test('ten preparation questions', () => {
    expect(MEETING_PREP_QUESTIONS).toHaveLength(10);
    expect(new Set(MEETING_PREP_QUESTIONS).size).toBe(10);
  });
});
