import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAutosavedText } from '@cc/ui/autosave';
import { PROFILE_DELAYS_MS } from '@cc/contracts/profile-rules';
import type { SaveState } from '@cc/ui';
import { saveDetails, type ProfileDetails } from './api/profile';

export type DetailField = keyof ProfileDetails;

export interface ProfileFieldProps {
  field: DetailField;
  label: string;
  /** The server's value: fills the field only while it is empty. */
  server: string;
  maxLength: number;
  multiline?: boolean;
  placeholder?: string;
  /** Tells the tab what the field holds now (the Generate request sends it). */
  onValue(field: DetailField, value: string): void;
  /** Tells the tab this field's save state (one indicator for the tab). */
  onState(field: DetailField, state: SaveState): void;
}

/** One About me detail, autosaved 700 ms after typing and on blur by the kit's hook (docs/about-me.md#details). */
export function ProfileField({ field, label, server, maxLength, multiline, placeholder, onValue, onState }: ProfileFieldProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const valueRef = useRef('');
  const auto = useAutosavedText<undefined>({
    key: `profile:${field}`,
    storageKey: `aboutme:draft:${field}`,
    delayMs: PROFILE_DELAYS_MS.autosave,
    getText: () => valueRef.current,
    save: async (text, _base, { keepalive }) => {
      await saveDetails(queryClient, { [field]: text }, keepalive);
    },
    onError: (error) => console.warn(`[aboutme] saving ${field} failed`, error),
  });
  const { start, changed } = auto;

  const put = (next: string) => {
    valueRef.current = next;
    setValue(next);
    onValue(field, next);
  };

  useEffect(() => {
    // A local draft the server does not have yet wins (and is saved).
    put(start(server));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per field: the autosave starts from the first server text
  }, [start]);

  useEffect(() => {
    // Prefilled from the server only when empty (docs/about-me.md#details); what the user typed is never replaced.
    if (!valueRef.current && server) put(server);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new server text matters here
  }, [server]);

  const state = auto.status.state;
  useEffect(() => onState(field, state), [field, state, onState]);

  const onChange = (next: string) => {
    put(next);
    changed();
  };
  const common = {
    id,
    value,
    maxLength,
    placeholder,
    name: field,
    'data-testid': `aboutme-${field}`,
    onBlur: auto.blurred,
  };
  return (
    <div className="aboutme-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
    </div>
  );
}
