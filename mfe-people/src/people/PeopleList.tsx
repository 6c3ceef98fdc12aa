import { memo, useRef, useState, type FormEvent } from 'react';
import { personAddress } from '@cc/contracts/addresses';
import { PEOPLE_LIMITS } from '@cc/contracts/people-rules';
import type { PersonSummary } from './api/people';
import { PlainList, SortableItem, SortGrip, useDnd, type SortBindings } from '@cc/ui/sortable';

interface PeopleListProps {
  people: readonly PersonSummary[];
  selectedId: number | null;
  onSelect(id: number): void;
  onCreate(name: string): Promise<boolean>;
  onDelete(person: PersonSummary): void;
  onMove(from: number, to: number): void;
}

/**
 * One row: a list of a thousand is rendered at once, so each row is kept small (the grip's and the
 * delete button's glyphs are drawn by people.css, not elements; their names are their labels).
 */
const PersonRow = memo(function PersonRow({
  person,
  selected,
  bindings,
  onSelect,
  onDelete,
}: {
  person: PersonSummary;
  selected: boolean;
  bindings: SortBindings;
  onSelect(id: number): void;
  onDelete(person: PersonSummary): void;
}) {
  return (
    <SortableItem
      bindings={bindings}
      className={`person-row${selected ? ' selected' : ''}`}
      data-testid="person-row"
      data-person-id={person.id}
    >
      <SortGrip bindings={bindings} label={`Move ${person.full_name}`} focusKey={`grip-${person.id}`} aria-roledescription="sortable" />
      <a
        href={personAddress(person.id)}
        className="person-link"
        data-person-id={person.id}
        aria-current={selected ? 'page' : undefined}
        data-focus-key={`person-${person.id}`}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          onSelect(person.id);
        }}
      >
        {person.full_name}
      </a>
      <button
        type="button"
        className="icon-button delete-person"
        aria-label={`Delete ${person.full_name}`}
        onClick={() => onDelete(person)}
      />
    </SortableItem>
  );
});

const idOf = (p: PersonSummary) => String(p.id);
const nameOf = (p: PersonSummary) => p.full_name;

/** The people, in the user's order: add one, open one, drag (or move with the keyboard) to reorder, delete. */
export function PeopleList({ people, selectedId, onSelect, onCreate, onDelete, onMove }: PeopleListProps) {
  const root = useRef<HTMLDivElement>(null);
  const { dnd, want } = useDnd(root);
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const List = dnd?.SortableList ?? PlainList;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || adding) return;
    setAdding(true);
    if (await onCreate(name.trim())) setName('');
    setAdding(false);
  };

  return (
    <div className="people-list" ref={root} onPointerEnter={want} onFocus={want}>
      <form className="people-add" onSubmit={(e) => void submit(e)}>
        <label htmlFor="people-add-name" className="cc-visually-hidden">
          New person&apos;s name
        </label>
        <input
          id="people-add-name"
          value={name}
          maxLength={PEOPLE_LIMITS.fullName}
          placeholder="Add a person…"
          onChange={(e) => setName(e.target.value)}
          data-testid="person-add-name"
        />
        <button type="submit" className="button button-primary" disabled={!name.trim() || adding}>
          Add
        </button>
      </form>
      {people.length === 0 ? (
        <p className="muted">No people yet. Add the people you work with.</p>
      ) : (
        <ul className="people-items" aria-label="People">
          <List
            items={people}
            getId={idOf}
            describe={nameOf}
            noun="people"
            onMove={onMove}
            renderItem={(p, _index, bindings) => (
              <PersonRow key={p.id} person={p} selected={p.id === selectedId} bindings={bindings} onSelect={onSelect} onDelete={onDelete} />
            )}
          />
        </ul>
      )}
    </div>
  );
}
