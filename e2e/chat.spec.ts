import { expect, test } from '@playwright/test';
import { signUpApi, uniqueEmail } from './support/helpers';

// The shared chat panel through the real gateway: svc-chat with the offline coach, SSE
// streaming through nginx, and the conversation persisted on the server and in the browser.
test('journal chat: a message gets a streamed reply from the offline coach and survives a reload', async ({ page }) => {
  await signUpApi(page.request, uniqueEmail('chat'));
  const sent: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/ai_chat/send_message')) sent.push(req.headers()['accept'] ?? '');
  });

  await page.goto('/journal/2026-01-05');
  await expect(page.getByTestId('journal-root')).toBeVisible();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(page.getByTestId('chat-offline-note')).toContainText(/offline coach/i);

  const input = page.getByLabel('Message', { exact: true });
  await input.fill('Today I shipped the billing migration after two weeks of late nights.');
  await input.press('Enter');
  await expect(log.getByText('Today I shipped the billing migration after two weeks of late nights.', { exact: true })).toBeVisible();
  const reply = log.locator('[data-role="assistant"]').last();
  await expect(reply).not.toHaveText('');
  await expect(page.getByTestId('chat-typing')).toHaveCount(0);
  expect(sent[0]).toContain('text/event-stream');

  // The server has both messages for this user and this journal date.
  const res = await page.request.get('/ai_chat/conversation?folder=journal&file_name=2026-01-05.md', {
    headers: { accept: 'application/json' },
  });
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.success).toBe(true);
  expect(body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
  expect(body.messages[0].content).toBe('Today I shipped the billing migration after two weeks of late nights.');
  const replyText = body.messages[1].content as string;
  expect(replyText.length).toBeGreaterThan(10);

  await page.reload();
  await expect(
    page
      .getByRole('log', { name: 'Messages' })
      .getByText('Today I shipped the billing migration after two weeks of late nights.', { exact: true }),
  ).toBeVisible();

  // Another day is another conversation.
  await page.goto('/journal/2026-01-06');
  await expect(page.getByTestId('journal-root')).toBeVisible();
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Today I shipped the billing migration')).toHaveCount(0);
});

test('every /ai_chat call answers through the gateway with the offline coach', async ({ page }) => {
  const session = await signUpApi(page.request, uniqueEmail('chatapi'));
  const headers = { accept: 'application/json', 'x-csrf-token': session.csrf_token };

  const status = await (await page.request.get('/ai_chat/status', { headers })).json();
  expect(status).toMatchObject({ success: true, provider: 'offline' });

  const send = await page.request.post('/ai_chat/send_message', {
    headers,
    data: {
      message: 'I led the data migration.',
      file_content: '# Stories\n',
      file_name: 'migration.md',
      folder: 'interview-stories',
      mode: 'agent',
      conversation_history: [],
      file_id: 9001,
    },
  });
  expect(send.status()).toBe(200);
  const sendBody = await send.json();
  expect(sendBody.success).toBe(true);
  expect(typeof sendBody.message).toBe('string');

  const conv = await (await page.request.get('/ai_chat/conversation?file_id=9001', { headers })).json();
  expect(conv).toMatchObject({ success: true, conversation_id: expect.any(Number) });
  expect(conv.messages).toHaveLength(2);

  const edits = await page.request.post('/ai_chat/suggest_edits', {
    headers,
    data: {
      message: 'Update the file',
      file_content: '# Stories\n',
      file_name: 'migration.md',
      folder: 'interview-stories',
      file_id: 9001,
      conversation_history: [
        { role: 'user', content: 'I led the data migration of 2 TB with zero downtime.' },
        { role: 'assistant', content: sendBody.message },
      ],
      selected_messages: [],
    },
  });
  expect(edits.status()).toBe(200);
  const editsBody = await edits.json();
  expect(editsBody.success).toBe(true);
  expect(typeof editsBody.suggested_content).toBe('string');
  for (const line of editsBody.diff) expect(['added', 'removed', 'unchanged']).toContain(line.type);

  const noToken = await page.request.post('/ai_chat/clear_conversation', {
    headers: { accept: 'application/json' },
    data: { file_id: 9001 },
  });
  expect(noToken.status()).toBe(403);
  const cleared = await page.request.post('/ai_chat/clear_conversation', { headers, data: { file_id: 9001 } });
  expect(await cleared.json()).toMatchObject({ success: true });
  const after = await (await page.request.get('/ai_chat/conversation?file_id=9001', { headers })).json();
  expect(after.messages).toEqual([]);
});

test('a message whose reply failed can be retried; the chat uses the column height and names the offline coach in one line', async ({
  page,
}) => {
  await signUpApi(page.request, uniqueEmail('retry'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/journal/2026-01-07');
  await expect(page.getByTestId('journal-root')).toBeVisible();
  const log = page.getByRole('log', { name: 'Messages' });
  const note = page.getByTestId('chat-offline-note');
  await expect(note.locator('summary')).toHaveText('Offline coach · connect a model');
  const logHeight = (await log.boundingBox())!.height;
  await note.locator('summary').click();
  await expect(note.getByText(/AI_BASE_URL/)).toBeVisible();
  // The details open over the log: it keeps its height.
  expect((await log.boundingBox())!.height).toBe(logHeight);
  await page.keyboard.press('Escape');
  await expect(note.getByText(/AI_BASE_URL/)).toBeHidden();

  // The first send fails on the way (the network drops it).
  let drop = true;
  await page.route('**/ai_chat/send_message', (route) => (drop ? ((drop = false), route.abort()) : route.continue()));
  const input = page.getByLabel('Message', { exact: true });
  await input.fill('I finally finished the quarterly report.');
  await input.press('Enter');
  await expect(log.getByText('Sorry, I encountered an error. Please try again.')).toBeVisible();
  const failed = log.locator('[data-kind="failed"]');
  await expect(failed).toContainText('I finally finished the quarterly report.');

  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(log.locator('[data-kind="failed"]')).toHaveCount(0);
  await expect(log.getByText('Sorry, I encountered an error. Please try again.')).toHaveCount(0);
  await expect(page.getByTestId('chat-typing')).toHaveCount(0);
  await expect(log.locator('[data-role="user"]')).toHaveText([/I finally finished the quarterly report\./]);
  await expect(log.locator('[data-role="assistant"]').last()).not.toHaveText('');

  // Stored once, answered, on the server.
  const res = await page.request.get('/ai_chat/conversation?folder=journal&file_name=2026-01-07.md', {
    headers: { accept: 'application/json' },
  });
  const body = await res.json();
  expect(body.messages.map((m: { role: string; content: string }) => m.role)).toEqual(['user', 'assistant']);
  expect(body.messages[0].content).toBe('I finally finished the quarterly report.');

  // The user's messages on the right, the coach's on the left.
  const userBox = (await log.locator('[data-role="user"]').first().boundingBox())!;
  const coachBox = (await log.locator('[data-role="assistant"]').last().boundingBox())!;
  const logBox = (await log.boundingBox())!;
  expect(userBox.x + userBox.width).toBeGreaterThan(logBox.x + logBox.width - 20);
  expect(coachBox.x).toBeLessThan(logBox.x + 20);
});
