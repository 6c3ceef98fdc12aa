/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFILE_MESSAGES as M } from '@cc/contracts/profile-rules';
import { setUpSignedInPage } from '@cc/ui/testing/page';
import { installFakeApi, type FakeAnswer, type FakeHandler } from '@cc/ui/testing/fake-api';
import { withQueries } from '@cc/ui/testing/queries';
import { ProfileField } from './ProfileField';
import { deferred, profileWith, renderPanel, EMPTY_PROFILE } from './testing';

let fake: ReturnType<typeof installFakeApi>;
const install = (handler: FakeHandler) => {
  fake = installFakeApi(handler);
};

setUpSignedInPage({ fake: () => fake });

const tab = (name: string) => screen.getByRole('tab', { name });
const STATEMENTS = [
  { text: 'Led the data platform migration.', source: 'work-profile.md', source_url: '/dashboard?folder=career&file=work-profile.md' },
  { text: 'Mentored two engineers to senior.', source: 'Journal 2026-11-20', source_url: '/journal/2026-11-20' },
];

describe('the About me panel', () => {
  it('opens on the Edit tab when there is no narrative or markdown, and on the AI tab when there is', async () => {
    install((req) =>
      req.path === '/profile'
        ? { body: EMPTY_PROFILE }
        : req.path === '/profile/generation_status'
          ? { body: { success: true, generation: null } }
          : undefined,
    );
    const first = renderPanel();
    await screen.findByTestId('aboutme-edit');
    expect(tab('Edit').getAttribute('aria-selected')).toBe('true');
    expect(tab('AI').getAttribute('aria-selected')).toBe('false');
    first.unmount();
    fake.uninstall();

    install((req) =>
      req.path === '/profile'
        ? { body: profileWith({ ai_profile_markdown: '# Profile\n- One', statements: STATEMENTS }) }
        : req.path === '/profile/generation_status'
          ? { body: { success: true, generation: null } }
          : undefined,
    );
    renderPanel();
    expect(await screen.findByText('Led the data platform migration.')).toBeTruthy();
    expect(tab('AI').getAttribute('aria-selected')).toBe('true');
  });

  it('fills a field from the server only while it is empty; what the user typed stays', () => {
    install(() => ({ body: { success: true, errors: [], details: EMPTY_PROFILE.details } }));
    const props = { field: 'role' as const, label: 'Role', maxLength: 200, onValue: () => undefined, onState: () => undefined };
    const view = render(<ProfileField {...props} server="Engineer" />, { wrapper: withQueries() });
    const input = screen.getByLabelText('Role') as HTMLInputElement;
    expect(input.value).toBe('Engineer');
    view.rerender(<ProfileField {...props} server="Manager" />);
    expect(input.value).toBe('Engineer');
    // Emptied by the user: the next server text fills it again.
    return userEvent
      .setup()
      .clear(input)
      .then(() => {
        view.rerender(<ProfileField {...props} server="Director" />);
        expect(input.value).toBe('Director');
      });
  });

  it.each([
    [
      'Save failed when the save fails',
      { status: 422, body: { success: false, errors: ['details.full_name can be at most 200 characters.'] } },
      M.saveFailed,
    ],
    [
      'Saved once the save lands',
      { body: { success: true, errors: [], details: { ...EMPTY_PROFILE.details, full_name: 'Ada' } } },
      'Saved',
    ],
  ] as [string, FakeAnswer, string][])('autosaves one field with PATCH /profile, shows Saving, then %s', async (_, answer, shown) => {
    const save = deferred<FakeAnswer>();
    install((req) => {
      if (req.path === '/profile' && req.method === 'GET') return { body: EMPTY_PROFILE };
      if (req.path === '/profile' && req.method === 'PATCH') return save.promise;
      if (req.path === '/profile/generation_status') return { body: { success: true, generation: null } };
      return undefined;
    });
    renderPanel();
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Full name'), 'Ada');
    await u.tab();
    expect((await screen.findByTestId('aboutme-save')).textContent).toBe(M.saving);
    expect(fake.find('PATCH', '/profile').map((c) => c.body)).toEqual([{ details: { full_name: 'Ada' } }]);
    save.resolve(answer);
    await waitFor(() => expect(screen.getByTestId('aboutme-save').textContent).toBe(shown));
  });

  it('generates in order: old blocks cleared, statements and "profile ready", company insights even when they fail, the event, the narrative', async () => {
    const generate = deferred<FakeAnswer>();
    const narrative = deferred<FakeAnswer>();
    const order: string[] = [];
    const onUpdated = () => order.push('event');
    window.addEventListener(M.updatedEvent, onUpdated);
    install((req) => {
      if (req.path.startsWith('/profile/')) order.push(req.path);
      if (req.path === '/profile') return { body: profileWith({ details: { ...EMPTY_PROFILE.details, full_name: 'Ada' } }) };
      if (req.path === '/profile/generation_status') return { body: { success: true, generation: null } };
      if (req.path === '/profile/generation_prompt') return { body: { success: true, system: 'You write profiles.', user: 'About Ada' } };
      if (req.path === '/profile/generate') return generate.promise;
      if (req.path === '/profile/generate_company_statements')
        return { status: 502, body: { success: false, error: 'down', errors: ['down'] } };
      if (req.path === '/profile/generate_narrative') return narrative.promise;
      return undefined;
    });
    renderPanel();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(await screen.findByDisplayValue('You write profiles.')).toBe(screen.getByLabelText('System prompt'));
    await u.click(screen.getByLabelText(/Deep research/));
    await u.click(screen.getByLabelText(/Quick/));
    await u.click(screen.getByRole('button', { name: 'Submit' }));

    expect(tab('AI').getAttribute('aria-selected')).toBe('true');
    expect(fake.find('POST', '/profile/generate')[0]!.body).toEqual({
      details: { full_name: 'Ada', company: '', company_description: '', role: '', extra: '' },
      system: 'You write profiles.',
      user: 'About Ada',
      research_mode: 'quick',
    });
    expect(screen.queryByTestId('aboutme-statement')).toBeNull();

    generate.resolve({ body: { success: true, markdown: '- x', statements: STATEMENTS, research_mode: 'quick' } });
    expect(await screen.findByText('Led the data platform migration.')).toBeTruthy();
    expect(await screen.findByText(M.profileReady)).toBeTruthy();
    await screen.findByText(M.profileReady);
    narrative.resolve({ body: { success: true, narrative: 'Ada is a **data leader**.' } });
    expect((await within(await screen.findByTestId('aboutme-narrative')).findByText('data leader')).tagName).toBe('STRONG');
    expect(screen.queryByTestId('aboutme-loading')).toBeNull();
    expect(order.filter((o) => o !== '/profile/generation_status' && o !== '/profile/generation_prompt')).toEqual([
      '/profile/generate',
      '/profile/generate_company_statements',
      'event',
      '/profile/generate_narrative',
    ]);
    window.removeEventListener(M.updatedEvent, onUpdated);
  });

  it("a failed profile call: 'Failed to generate profile.' with Retry beside the statements shown before; company insights and the narrative still follow (spec §4)", async () => {
    let fail = true;
    const order: string[] = [];
    const onUpdated = () => order.push('event');
    window.addEventListener(M.updatedEvent, onUpdated);
    install((req) => {
      if (req.path.startsWith('/profile/') && req.method === 'POST') order.push(req.path);
      if (req.path === '/profile') return { body: profileWith({ ai_profile_narrative: 'The old summary.', statements: STATEMENTS }) };
      if (req.path === '/profile/generation_status') return { body: { success: true, generation: null } };
      if (req.path === '/profile/generation_prompt') return { body: { success: true, system: 's', user: 'u' } };
      if (req.path === '/profile/generate')
        return fail
          ? { status: 502, body: { success: false, error: 'x', errors: ['x'] } }
          : { body: { success: true, markdown: '- New', statements: [{ text: 'A new statement.', source: '' }], research_mode: 'quick' } };
      if (req.path === '/profile/generate_company_statements')
        return { body: { success: true, company_statements: { Acme: [{ text: 'Acme sells rockets.', source: 'Acme' }] } } };
      if (req.path === '/profile/generate_narrative') return { body: { success: true, narrative: 'A fresh summary.' } };
      return undefined;
    });
    renderPanel();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('tab', { name: 'Edit' }));
    await u.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByDisplayValue('s');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    const failure = await screen.findByTestId('aboutme-error');
    expect(failure.getAttribute('role')).toBe('alert');
    expect(failure.textContent).toContain(M.generateFailed);
    // What was there stays: the stored statements, beside the failure.
    expect(screen.getByText('Led the data platform migration.')).toBeTruthy();
    expect(await screen.findByText('Acme sells rockets.')).toBeTruthy();
    expect(within(await screen.findByTestId('aboutme-narrative')).getByText('A fresh summary.')).toBeTruthy();
    expect(order).toEqual(['/profile/generate', '/profile/generate_company_statements', 'event', '/profile/generate_narrative']);
    expect(screen.getByTestId('aboutme-error').textContent).toContain(M.generateFailed);

    fail = false;
    await u.click(within(screen.getByTestId('aboutme-error')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('A new statement.')).toBeTruthy();
    expect(screen.queryByTestId('aboutme-error')).toBeNull();
    expect(fake.find('POST', '/profile/generate')).toHaveLength(2);
    window.removeEventListener(M.updatedEvent, onUpdated);
  });

  it('reviews statements: verify sends the status as a string, delete removes by index, a source opens in the app', async () => {
    let statements = STATEMENTS.map((s) => ({ ...s }));
    install((req) => {
      if (req.path === '/profile') return { body: profileWith({ ai_profile_narrative: 'Summary', statements }) };
      if (req.path === '/profile/generation_status') return { body: { success: true, generation: null } };
      if (req.path === '/profile/verify_statement') {
        statements = statements.map((s, i) => (i === req.body!.index ? { ...s, status: req.body!.status as 'verified' } : s));
        return { body: { success: true, statements } };
      }
      if (req.path === '/profile/delete_statement') {
        statements = statements.filter((_, i) => i !== req.body!.index);
        return { body: { success: true, statements } };
      }
      return undefined;
    });
    renderPanel('/people');
    const u = userEvent.setup();
    await screen.findByText('Mentored two engineers to senior.');
    await u.click(screen.getByRole('button', { name: 'Review statements' }));
    const [first] = screen.getAllByTestId('aboutme-statement');
    await u.click(within(first!).getByRole('button', { name: 'Verify' }));
    expect(fake.find('POST', '/profile/verify_statement').map((c) => c.body)).toEqual([{ index: 0, status: 'verified' }]);
    await screen.findByRole('button', { name: 'Verify', pressed: true });

    await u.click(screen.getByRole('button', { name: 'Delete: Mentored two engineers to senior.' }));
    expect(fake.find('POST', '/profile/delete_statement').map((c) => c.body)).toEqual([{ index: 1 }]);
    expect(await screen.findByText('Led the data platform migration.')).toBeTruthy();
    expect(screen.queryByText('Mentored two engineers to senior.')).toBeNull();

    // The source's own address, in this tab (the dashboard opens what it names).
    const link = screen.getByRole('link', { name: 'work-profile.md' });
    expect(link.getAttribute('href')).toBe('/dashboard?folder=career&file=work-profile.md');
    await u.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/dashboard?folder=career&file=work-profile.md');
  });
});
