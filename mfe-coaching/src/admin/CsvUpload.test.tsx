/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { withQueries } from '@cc/ui/testing/queries';
import { CsvUpload } from './CsvUpload';

let fake: ReturnType<typeof installContractApi>;
let refusal: string | null = null;
beforeEach(() => {
  refusal = null;
  document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
  fake = installContractApi({
    'POST /coaching/upload_questions_csv': () => {
      if (refusal) return { status: 422, body: { success: false, error: refusal, errors: [refusal] } };
      return {
        success: true,
        message: 'Imported 1 question in 1 section of 1 questionnaire: 1 new, 0 updated, 0 unchanged.',
        types_processed: ['semester'],
        created: { sections: 1, questions: 1 },
        updated: { sections: 0, questions: 0 },
      };
    },
  });
});
afterEach(() => {
  fake.uninstall();
  fake.assertNoViolations();
});

const csv = 'questionnaire_type,section_title,section_description,question_title,question_text,prompt\n,S,,Q,What went well?,\n';

describe('CSV import', () => {
  it('keeps the result in view until it is dismissed (it went after 5 s, below the fold)', async () => {
    let imported = 0;
    render(<CsvUpload type="semester" onImported={() => imported++} />, { wrapper: withQueries() });
    const file = new File([csv], 'questions.csv', { type: 'text/csv' });
    // jsdom's File has no text() (every browser's does).
    Object.defineProperty(file, 'text', { value: () => Promise.resolve(csv) });
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    await screen.findByTestId('csv-preview');
    fireEvent.click(screen.getByRole('button', { name: 'Upload CSV' }));
    const status = await screen.findByTestId('csv-status');
    expect(status.textContent).toContain('✓ Imported 1 question in 1 section');
    expect(imported).toBe(1);
    // The imported file's preview goes: the result sits where it was, beside the button.
    expect(screen.queryByTestId('csv-preview')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 5200));
    expect(screen.getByTestId('csv-status')).toBe(status);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('csv-status')).toBeNull());
    expect(screen.getByText('Please select a CSV file')).toBeTruthy();
  }, 15_000);

  it('a refused file says why once: the status line, not again in its list nor in the preview', async () => {
    refusal = 'The CSV header is missing the columns: section_title, question_title, question_text.';
    const bad = 'section,title,question\nS,Q,What went well?\n';
    render(<CsvUpload type="semester" onImported={() => {}} />, { wrapper: withQueries() });
    const file = new File([bad], 'questions.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'text', { value: () => Promise.resolve(bad) });
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    // Before the upload, the preview says what it found.
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The CSV header is missing/);
    fireEvent.click(screen.getByRole('button', { name: 'Upload CSV' }));
    const status = await screen.findByTestId('csv-status');
    expect(status.textContent).toContain(`✗ Error: ${refusal}`);
    expect(document.body.textContent!.split('The CSV header is missing')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
