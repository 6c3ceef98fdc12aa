import { describe, expect, it } from '@jest/globals';
import { lastMeetingBefore, researchOpening } from './sinceLastSpoke';

describe('the last meeting before this one', () => {
  const meetings = [
    { id: 3, meeting_date: '2026-12-03T14:30' },
    { id: 2, meeting_date: '2026-11-02T10:00' },
    { id: 1, meeting_date: null },
  ];
  it('is not a meeting planned for later, nor the one being prepared', () => {
    expect(lastMeetingBefore(meetings, '2026-11-26T09:00', null)?.id).toBe(2);
    expect(lastMeetingBefore(meetings, '2026-12-03T14:30', 3)?.id).toBe(2);
    expect(lastMeetingBefore(meetings, '2026-12-10T09:00', null)?.id).toBe(3);
  });
  it('counts an undated meeting as past, and is none when there is none', () => {
    expect(lastMeetingBefore(meetings, '2026-01-01T00:00', null)?.id).toBe(1);
    expect(lastMeetingBefore([], '2026-01-01T00:00', null)).toBeNull();
  });
});

describe('the saved research in the brief', () => {
  it('reads the notes research as a plain line: its findings, no markdown, no markers', () => {
    const answer =
      'Ada Lovelace is Head of Data at Analytical Engines [1]. You last met on Mon 2 Mar 2026 ("Kick-off") [2].\n\n**What your profile of Ada Lovelace says** [1]\n- Role: Head of Data\n\n**Your meetings with Ada**\n- Kick-off [2]';
    expect(researchOpening(answer)).toBe(
      'Ada Lovelace is Head of Data at Analytical Engines. You last met on Mon 2 Mar 2026 ("Kick-off").',
    );
  });
  it('a section without a lead reads "Heading: a; b"', () => {
    const answer =
      '**What your profile of Ada says** [1]\n- Role: Head of Data\n- Company: Analytical Engines\n\n**Your meetings with Ada**\n- Kick-off [2]';
    expect(researchOpening(answer)).toBe('What your profile of Ada says: Role: Head of Data; Company: Analytical Engines');
  });
  it('keeps a web answer’s first sentences', () => {
    expect(researchOpening('Ada leads data [1]. She mentors analysts [2].\n\nMore.')).toBe('Ada leads data. She mentors analysts.');
  });
});
