import type { Milestone, Todo } from '@cc/contracts/planning';

let nextId = 1;

export function todo(fields: Partial<Todo> = {}): Todo {
  const id = fields.id ?? nextId++;
  return {
    id,
    title: `Todo ${id}`,
    due_date: null,
    description: '',
    tags: [],
    completed: false,
    milestone_id: null,
    source_key: null,
    source_label: null,
    source_url: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...fields,
  };
}

export function milestone(fields: Partial<Milestone> = {}): Milestone {
  const id = fields.id ?? nextId++;
  return {
    id,
    title: `Milestone ${id}`,
    target_date: '2026-06-30',
    description: '',
    milestone_type: '90-day',
    completed: false,
    progress: { done: 0, total: 0 },
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...fields,
  };
}
