/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { subDays } from 'date-fns';
import { localIsoDate } from '@cc/contracts/periods';
import { setUpSignedInPage } from '@cc/ui/testing/page';
import { installFakeApi, type FakeAnswer, type FakeRequest } from '@cc/ui/testing/fake-api';
import { profileWith, renderPanel } from '../testing';

let fake: ReturnType<typeof installFakeApi>;
setUpSignedInPage({ fake: () => fake });

const daysAgo = (n: number) => localIsoDate(subDays(new Date(), n));
const TODAY = localIsoDate(new Date());
const RECENT = daysAgo(10);
const OLD = daysAgo(400);

const PROFILE = profileWith({
  ai_profile_markdown: '# Profile',
  details: { full_name: 'Ada Lovelace', company: 'Analytical Engines', company_description: '', role: 'Head of Engineering', extra: '' },
  statements: [
    {
      text: 'Led the data platform migration.',
      source: 'work-profile.md',
      source_url: '/dashboard?folder=work-profile&file=work-profile.md',
      status: 'verified',
    },
    { text: 'Invented the telephone.', source: 'Journal', source_url: '/journal/2020-01-01', status: 'rejected' },
  ],
});

/** The calls the view reads; `more` answers the save's calls. */
function serve(more: (req: FakeRequest) => FakeAnswer | undefined = () => undefined) {
  fake = installFakeApi((req: FakeRequest) => {
    const answer = more(req);
    if (answer) return answer;
    if (req.path === '/profile') return { body: PROFILE };
    if (req.path === '/profile/generation_status') return { body: { success: true, generation: null } };
    if (req.path === '/journal') return { body: { success: true, entries: [{ date: OLD }, { date: RECENT }] } };
    if (req.path === `/journal/${RECENT}`)
      return { body: { success: true, entry: { date: RECENT, content: '# Closed the Babbage deal\nDetails.' } } };
    if (req.path === '/planning/todos') {
      const base = {
        description: '',
        tags: [],
        milestone_id: null,
        source_key: null,
        source_label: null,
        source_url: null,
        created_at: '',
        updated_at: '',
      };
      return {
        body: {
          success: true,
          todos: [
            { ...base, id: 1, title: 'Shipped the billing service', due_date: RECENT, completed: true },
            { ...base, id: 2, title: 'Still to do', due_date: RECENT, completed: false },
            { ...base, id: 3, title: 'Done long ago', due_date: OLD, completed: true },
          ],
        },
      };
    }
    if (req.path === '/planning/milestones') return { body: { success: true, milestones: [] } };
    return undefined;
  });
}

async function openBrag(at = '/dashboard') {
  const user = userEvent.setup();
  renderPanel(at);
  await user.click(await screen.findByRole('button', { name: 'Brag document' }));
  const text = (await screen.findByTestId('brag-text')) as HTMLTextAreaElement;
  return { user, text };
}

describe('the brag document view', () => {
  it('gathers the kept statements and the dated evidence of the last 6 months; a longer period reaches further back', async () => {
    serve();
    const { user, text } = await openBrag();
    const preview = screen.getByTestId('brag-preview');
    await waitFor(() => expect(preview.textContent).toContain('Shipped the billing service'));
    expect(preview.textContent).toContain('Closed the Babbage deal');
    expect(preview.textContent).toContain('Led the data platform migration.');
    expect(preview.textContent).not.toContain('Invented the telephone.');
    expect(preview.textContent).not.toContain('Still to do');
    expect(text.value).not.toContain('Done long ago');
    expect(text.value).toContain(`(/journal/${RECENT})`);
    // Only the entry in the period was read.
    expect(fake.find('GET', `/journal/${OLD}`)).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Last 12 months' }));
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, daysAgo(500));
    await waitFor(() => expect((screen.getByTestId('brag-text') as HTMLTextAreaElement).value).toContain('Done long ago'));
  });

  it('asks before a new period replaces the user’s edits, and keeps them when told to', async () => {
    serve();
    const { user, text } = await openBrag();
    await waitFor(() => expect(text.value).toContain('Shipped the billing service'));
    await user.type(text, 'My own words');
    await user.click(screen.getByRole('radio', { name: 'This year' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the period' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my edits' }));
    expect((screen.getByRole('radio', { name: 'Last 6 months' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('brag-text') as HTMLTextAreaElement).value).toContain('My own words');
  });

  it('saves the edited text into work-profile, making the folder when missing, as brag-document-TODAY.md, then opens it on the dashboard', async () => {
    serve((req) => {
      if (req.method === 'GET' && req.path === '/folders')
        return { body: { success: true, folders: [{ name: 'projects', description: '', position: 0 }] } };
      if (req.method === 'POST' && req.path === '/folders')
        return { status: 201, body: { success: true, errors: [], folder: { name: 'work-profile', description: '', position: 1 } } };
      if (req.method === 'GET' && req.path === '/files') return { body: { projects: [], 'work-profile': [] } };
      if (req.method === 'POST' && req.path === '/files') {
        const file = req.body?.file as { name: string; folder: string };
        return {
          status: 201,
          body: {
            success: true,
            errors: [],
            file: { id: 42, name: file.name, folder: file.folder, description: '', position: 0, revision: 1 },
          },
        };
      }
      return undefined;
    });
    const { user, text } = await openBrag('/people');
    await waitFor(() => expect(text.value).toContain('Shipped the billing service'));
    await user.type(text, '\nAnd one more thing.');
    await user.click(screen.getByRole('button', { name: 'Save to workspace' }));
    // The saved file's full address: the dashboard opens it, and a reload or a new tab finds it again.
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`/dashboard?folder=work-profile&file=brag-document-${TODAY}.md`),
    );

    expect(fake.find('POST', '/folders').map((r) => r.body)).toEqual([{ name: 'work-profile', description: expect.any(String) }]);
    const [created] = fake.find('POST', '/files');
    const file = created?.body?.file as { name: string; folder: string; content: string };
    expect(file.name).toBe(`brag-document-${TODAY}.md`);
    expect(file.folder).toBe('work-profile');
    expect(file.content).toContain('Shipped the billing service');
    expect(file.content).toContain('And one more thing.');
  });

  it('uses the existing folder and a free name, and shows a failed save in the app’s dialog', async () => {
    serve((req) => {
      if (req.method === 'GET' && req.path === '/folders')
        return { body: { success: true, folders: [{ name: 'Work-Profile', description: '', position: 0 }] } };
      if (req.method === 'GET' && req.path === '/files')
        return { body: { 'Work-Profile': [{ id: 1, name: `brag-document-${TODAY}.md`, description: '' }] } };
      if (req.method === 'POST' && req.path === '/files') return { status: 500, body: { success: false, errors: ['The disk is full.'] } };
      return undefined;
    });
    const { user, text } = await openBrag('/people');
    await waitFor(() => expect(text.value).toContain('Shipped the billing service'));
    await user.click(screen.getByRole('button', { name: 'Save to workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Brag document not saved' });
    expect(dialog.textContent).toContain('The disk is full.');
    expect(fake.find('POST', '/folders')).toHaveLength(0);
    const file = fake.find('POST', '/files')[0]?.body?.file as { name: string; folder: string };
    expect(file).toMatchObject({ name: `brag-document-${TODAY}-2.md`, folder: 'Work-Profile' });
    expect(screen.getByTestId('where').textContent).toBe('/people');
  });
});
