import { describe, expect, test } from '@jest/globals';
import { extractStatements, MAX_STATEMENTS } from './statements';

describe('statement extraction', () => {
  test('sources, bullets, headings, blank lines and References', () => {
    const markdown = [
      '# Profile',
      '',
      'Jane has 10 years in payments.',
      '**Information from Acme:**',
      '- Acme sells payment software.',
      '* It has 2,000 employees.',
      '## More',
      'Information from LinkedIn:',
      '1. Jane leads the platform team.',
      '',
      'References',
      '- https://acme.example',
    ].join('\n');
    expect(extractStatements(markdown)).toEqual([
      { text: 'Jane has 10 years in payments.', source: '' },
      { text: 'Acme sells payment software.', source: 'Acme' },
      { text: 'It has 2,000 employees.', source: 'Acme' },
      { text: 'Jane leads the platform team.', source: 'LinkedIn' },
    ]);
  });

  test('keeps at most 200', () => {
    const markdown = Array.from({ length: 250 }, (_, i) => `- Statement ${i}`).join('\n');
    expect(extractStatements(markdown)).toHaveLength(MAX_STATEMENTS);
  });
});
