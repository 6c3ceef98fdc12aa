import { describe, expect, test } from '@jest/globals';
import type { PersonContext } from '../types';
import { offlineMeetingSection } from './meeting-prep';

const dana: PersonContext = {
  fullName: 'Dana Lee',
  profile: {
    'Current priorities': 'Hitting the Q3 revenue target without adding headcount. Also hiring.',
    'Concerns and pet peeves': 'Surprises in front of her boss',
    'How they make decisions': 'Data first, then gut',
    'Open commitments (mine and theirs)': 'I owe her the churn analysis',
  },
};
const content = {
  goals: '- Agree on the Q3 pipeline review\n- Get budget for 2 SDRs',
  notes: 'Dana will send the EMEA numbers by Friday. We discussed hiring.\nSam to schedule a follow-up with finance.',
};
const propose = (section: Parameters<typeof offlineMeetingSection>[0]['section'], people = [dana, { fullName: 'Sam Ortiz' }]) =>
  offlineMeetingSection({ section, title: 'Q3 pipeline review', attendees: people.map((p) => p.fullName), people, content });

describe('offline meeting sections', () => {
  test("goals build on what is written and on each attendee's priorities and open commitments", () => {
    const goals = propose('goals').split('\n');
    expect(goals.slice(0, 2)).toEqual(['- Agree on the Q3 pipeline review', '- Get budget for 2 SDRs']);
    expect(goals).toContain('- Tie what you ask for to what Dana is focused on: hitting the Q3 revenue target without adding headcount');
    expect(goals).toContain('- Close the loop on what is still open with Dana: "I owe her the churn analysis"');
  });

  test('anticipating is ten questions, the attendees’ own concerns and decision style first', () => {
    const lines = propose('anticipating').split('\n');
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('- Dana worries about surprises in front of her boss: how does your proposal address it?');
    expect(lines[1]).toBe('- How Dana decides: data first, then gut. What will Dana need to see before saying yes?');
    expect(lines.every((l) => l.endsWith('?'))).toBe(true);
    expect(new Set(lines).size).toBe(10);
    expect(offlineMeetingSection({ section: 'anticipating', title: '', attendees: [], content: {} }).split('\n')).toHaveLength(10);
  });

  test('follow-ups come from the actions in the notes and the open promises, then a recap to the attendees', () => {
    expect(propose('followups').split('\n')).toEqual([
      '- [ ] Dana will send the EMEA numbers by Friday.',
      '- [ ] Sam to schedule a follow-up with finance.',
      '- [ ] Still open with Dana: "I owe her the churn analysis"',
      '- [ ] Send Dana and Sam a short recap: decisions, owners and dates',
      '- [ ] Put the next check-in in the calendar',
    ]);
  });

  test('the agenda times the goals; the reflection asks about each one; nothing is repeated on a second proposal', () => {
    expect(propose('agenda').split('\n')).toEqual([
      '- Opening: check in with Dana and Sam, and say the outcome you want today',
      '- Agree on the Q3 pipeline review',
      '- Get budget for 2 SDRs',
      '- Close: decisions, owners and dates, read back out loud',
    ]);
    expect(propose('reflection')).toContain('- Did you get "Get budget for 2 SDRs"? If not, what got in the way?');
    const once = propose('notes');
    const people = [dana, { fullName: 'Sam Ortiz' }];
    const twice = offlineMeetingSection({
      section: 'notes',
      title: 'Q3',
      attendees: ['Dana Lee', 'Sam Ortiz'],
      people,
      content: { ...content, notes: once },
    });
    expect(twice).toBe(once);
  });
});

describe('what a section uses and never says', () => {
  const ada: PersonContext = { fullName: 'Ada Lovelace', profile: { Role: 'Head of Data' } };
  const untitled = (section: Parameters<typeof offlineMeetingSection>[0]['section'], people: PersonContext[] = [ada]) =>
    offlineMeetingSection({
      section,
      title: 'New meeting - 2026-03-05 14:30',
      attendees: people.map((p) => p.fullName),
      people,
      content: {},
    });

  test("the attendee's role shapes the goals and the first question; the page's default title is no topic", () => {
    expect(untitled('goals')).toContain('- Learn what matters most to Ada as Head of Data right now, and where you can help');
    expect(untitled('anticipating').split('\n')[0]).toBe('- What will Ada, as Head of Data, ask first, and what is your short answer?');
    expect(untitled('agenda')).toContain('- What you need from Ada');
    for (const section of ['goals', 'agenda', 'anticipating', 'notes', 'followups', 'reflection'] as const) {
      const text = untitled(section);
      expect(text.replace(/^- \[ \] /gm, '- ')).not.toMatch(/New meeting|2026|\[|\.md\b|\bfile\b|\d+ min/);
    }
  });

  test('several attendees are counted as several', () => {
    expect(untitled('anticipating', [ada, { fullName: 'Sam Ortiz' }])).toContain(
      '- What do Ada and Sam already know about this, and what will be new?',
    );
    expect(untitled('anticipating')).toContain('- What does Ada already know about this, and what will be new?');
  });

  test('a pressure reads as one, a job takes its article, a person’s profile is named', () => {
    const marcus: PersonContext = {
      fullName: 'Marcus Reid',
      profile: { Role: 'Senior Data Engineer', 'Challenges and pressures': 'Has to cut the roadmap by a third before January.' },
    };
    const questions = untitled('anticipating', [marcus]).split('\n');
    expect(questions[0]).toBe('- Marcus has to cut the roadmap by a third before January. How does your proposal help with it?');
    expect(questions[1]).toBe('- What will Marcus, as a Senior Data Engineer, ask first, and what is your short answer?');
    expect(untitled('reflection', [marcus])).toContain("- What did you learn about Marcus that belongs in Marcus's profile?");
  });
});
