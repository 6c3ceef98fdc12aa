/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { ChatPanel, type ChatPanelHandle } from './ChatPanel';
import { fake, lines, renderChat, setUpChatPanelTests, started, textbox } from './testing';

// What one caller or another asks of the panel: STAR progress, the people chat, the question
// chat, a chat started on demand, and the two hooks the planning chat needs (each new reply, to
// run the action it embeds, and what an assistant message shows: the action's JSON left out).

setUpChatPanelTests();

describe('ChatPanel: STAR progress and people', () => {
  it('shows n/4 with the phase label for interview stories only', async () => {
    fake.conversations.set('folder=interview-stories&file_name=launch.md', [
      { role: 'user', content: 'Back then our team was behind schedule. My task was to ship the release.' },
    ]);
    render(<ChatPanel conversation={{ folder: 'interview-stories', fileName: 'launch.md' }} />);
    const progress = await screen.findByTestId('chat-star-progress');
    expect(progress.textContent).toContain('0/4');
    await waitFor(() => expect(screen.getByTestId('chat-star-progress').textContent).toContain('2/4'));
    expect(screen.getByTestId('chat-star-progress').textContent).toContain('Describing Actions');
    const stored = JSON.parse(localStorage.getItem('chat:interview-stories/launch.md') ?? 'null');
    expect(stored).toMatchObject({
      starProgress: { situation: true, task: true, action: false, result: false },
      currentStarPhase: 'action',
      contextGatheringPhase: true,
    });
  });

  it('shows no STAR progress elsewhere', async () => {
    renderChat();
    await started();
    expect(screen.queryByTestId('chat-star-progress')).toBeNull();
  });

  it('people chat: per-person key, greeting, ask mode payload and the clear text', async () => {
    const user = userEvent.setup();
    render(
      <ChatPanel conversation={{ personId: 7 }} labels={{ cleared: 'Chat cleared for this person. How would you like to proceed?' }} />,
    );
    expect(lines()).toEqual(['assistant: How can I help you think about this person today?']);
    expect(screen.queryByRole('button', { name: 'Agent' })).toBeNull();
    await started();
    expect(fake.requests.find((r) => r.path === '/ai_chat/conversation')?.query).toEqual({ person_id: '7' });
    await user.type(textbox(), 'How do I approach her?{Enter}');
    await screen.findByText('You said: How do I approach her?');
    expect(fake.sent()[0]?.body).toEqual({ message: 'How do I approach her?', mode: 'ask', person_id: 7, conversation_history: [] });
    expect(JSON.parse(localStorage.getItem('chat:person/7') ?? 'null').conversationHistory).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Clear chat' }));
    expect(screen.getByRole('status').textContent).toBe('Chat cleared for this person. How would you like to proceed?');
    expect(fake.requests.find((r) => r.path === '/ai_chat/clear_conversation')?.body).toEqual({ person_id: 7 });
  });

  it('reports the synced conversation once, so a caller can open an empty one (question chat)', async () => {
    const onSynced = jest.fn();
    const ref = createRef<ChatPanelHandle>();
    render(
      <ChatPanel
        ref={ref}
        conversation={{ folder: 'coaching', fileName: 'q.md' }}
        onSynced={(history) => {
          onSynced(history);
          if (history.length === 0) void ref.current?.send("I'm ready to start reflecting on: Goals");
        }}
      />,
    );
    await waitFor(() => expect(onSynced).toHaveBeenCalledWith([]));
    await screen.findByText("You said: I'm ready to start reflecting on: Goals");
    expect(onSynced).toHaveBeenCalledTimes(1);
  });

  it('stays inactive until started when autoStart is off', async () => {
    const user = userEvent.setup();
    renderChat({ autoStart: false, greeting: 'Hello there' });
    expect(lines()).toEqual([]);
    expect(fake.requests.some((r) => r.path === '/ai_chat/conversation')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Start chat' }));
    expect(lines()).toEqual(['assistant: Hello there']);
    expect(screen.getByTestId('chat-panel').getAttribute('data-active')).toBe('true');
  });
});

describe('ChatPanel: the planning chat', () => {
  it('gives each new reply to onReply once, and shows assistant messages through displayText', async () => {
    const user = userEvent.setup();
    fake.conversations.set('folder=planning&file_name=all_todos.md', [
      { role: 'user', content: 'earlier' },
      { role: 'assistant', content: 'Stored reply {"action":"x"}' },
    ]);
    fake.replies.push({ kind: 'json', body: { success: true, message: 'Done. {"action":"create_todo"}' } });
    const replies: string[] = [];
    render(
      <ChatPanel
        conversation={{ folder: 'planning', fileName: 'all_todos.md' }}
        stream={false}
        onReply={(reply) => {
          replies.push(reply);
        }}
        displayText={(text) => text.replace(/\s*\{.*\}\s*$/, '')}
      />,
    );
    await waitFor(() => expect(screen.getByText('Stored reply')).toBeTruthy());
    expect(replies).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Add a todo{Enter}');
    await waitFor(() => expect(screen.getByText('Done.')).toBeTruthy());
    await act(async () => {});
    expect(replies).toEqual(['Done. {"action":"create_todo"}']);
    expect(screen.getByRole('log').textContent).not.toContain('"action"');
  });

  it('starts with initialInput in the message box', async () => {
    render(<ChatPanel conversation={{ folder: 'planning', fileName: 'done.md' }} initialInput="Typed while it loaded" />);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('value', 'Typed while it loaded');
    await act(async () => {});
  });
});
