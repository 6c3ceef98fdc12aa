import { describe, expect, it } from '@jest/globals';
import { ApiError, errorText, serverReasons } from './errors';

/** The kit's one failure shape, as a call's ApiError carries it. */
const refused = (status: number, ...errors: string[]) => new ApiError(status, errors, { success: false, errors });

describe('errorText: the one way a failed call becomes a line for the user', () => {
  it("the planning alerts: 'Error: ' and the reasons joined, 'Unknown error' without any, the action's line without an answer", () => {
    const planning = { prefix: 'Error: ', fallback: 'Error saving todo' };
    expect(errorText(refused(422, 'Title is required', 'Due date is invalid'), planning)).toBe(
      'Error: Title is required, Due date is invalid',
    );
    expect(errorText(new ApiError(422, ['Request failed with status 422'], { success: false }), planning)).toBe('Error: Unknown error');
    expect(errorText(new ApiError(0, ['Could not reach the server.']), planning)).toBe('Error saving todo');
  });

  it("the explorer's alerts: '<what failed>: ' and the reasons, 'Unknown error' without any, the fixed text on a network failure", () => {
    const texts = { prefix: 'Error renaming file: ', fallback: 'Error renaming file. Please try again.' };
    expect(errorText(refused(422, 'a', 'b'), texts)).toBe('Error renaming file: a, b');
    // An answer without a body of ours (a proxy's page) still came from the server: no reason given.
    expect(errorText(new ApiError(500, ['The server could not handle the request (500)']), texts)).toBe(
      'Error renaming file: Unknown error',
    );
    expect(errorText(new ApiError(0, ['Could not reach the server.']), texts)).toBe('Error renaming file. Please try again.');
    expect(errorText(new TypeError('x'), texts)).toBe('Error renaming file. Please try again.');
  });

  it("the meeting chat: the server's error, else 'Sorry, I had trouble responding.', or 'Network error. Please try again.'", () => {
    const chat = { separator: ' ', unknown: 'Sorry, I had trouble responding.', fallback: 'Network error. Please try again.' };
    expect(errorText(refused(502, 'The AI model took too long to answer.'), chat)).toBe('The AI model took too long to answer.');
    expect(errorText(new ApiError(0, ['offline']), chat)).toBe('Network error. Please try again.');
    expect(errorText(new TypeError('Failed to fetch'), chat)).toBe('Network error. Please try again.');
    expect(errorText(new ApiError(500, [], 'not json'), chat)).toBe('Sorry, I had trouble responding.');
  });

  it('without a fallback, no answer says what went wrong after the prefix', () => {
    expect(errorText(new ApiError(0, ['Could not reach the server.']), { prefix: 'Error loading action plan: ' })).toBe(
      'Error loading action plan: Could not reach the server.',
    );
  });

  it("serverReasons: the failure answer's errors, none without an answer", () => {
    expect(serverReasons(refused(422, 'Headline', 'Row 3: bad'))).toEqual(['Headline', 'Row 3: bad']);
    expect(serverReasons(new ApiError(0, ['Could not reach the server.']))).toEqual([]);
    expect(serverReasons(new Error('x'))).toEqual([]);
  });
});
