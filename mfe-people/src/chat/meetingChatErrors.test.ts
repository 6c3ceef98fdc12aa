import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@cc/client';
import { meetingChatError } from './meetingChatErrors';

describe("the meeting chat's error line", () => {
  it("is the server's error, else 'Network error. Please try again.' or 'Sorry, I had trouble responding.'", () => {
    expect(meetingChatError(new ApiError(502, ['x'], { success: false, error: 'The AI model took too long to answer.' }))).toBe(
      'The AI model took too long to answer.',
    );
    expect(meetingChatError(new ApiError(0, ['offline']))).toBe('Network error. Please try again.');
    expect(meetingChatError(new TypeError('Failed to fetch'))).toBe('Network error. Please try again.');
    expect(meetingChatError(new ApiError(500, [], 'not json'))).toBe('Sorry, I had trouble responding.');
  });
});
