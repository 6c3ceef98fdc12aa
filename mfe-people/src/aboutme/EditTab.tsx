import { useCallback, useEffect, useRef, useState } from 'react';
import { PROFILE_DELAYS_MS, PROFILE_LIMITS as L, PROFILE_MESSAGES as M } from '@cc/contracts/profile-rules';
import type { SaveState } from '@cc/ui';
import type { ProfileDetails } from './api/profile';
import { ProfileField, type DetailField } from './ProfileField';

const FIELDS: { field: DetailField; label: string; max: number; multiline?: boolean; placeholder?: string }[] = [
  { field: 'full_name', label: 'Full name', max: L.fullName },
  { field: 'company', label: 'Company', max: L.company },
  { field: 'company_description', label: 'Company description', max: L.companyDescription, multiline: true },
  { field: 'role', label: 'Role', max: L.role },
  {
    field: 'extra',
    label: 'Extra',
    max: L.extra,
    multiline: true,
    placeholder: 'Anything else about your work: scope, wins, what you are aiming for.',
  },
];

export interface EditTabProps {
  server: ProfileDetails;
  /** What the fields hold now (kept by the panel for the Generate request). */
  onValue(field: DetailField, value: string): void;
  onGenerate(): void;
}

/**
 * The save indicator: 'Saving' while a field saves, then 'Saved' (as every other autosave says)
 * until the next edit; 'Save failed' for 2 seconds (docs/about-me.md#details).
 */
function useSaveIndicator() {
  const states = useRef(new Map<DetailField, SaveState>());
  const [summary, setSummary] = useState<'' | 'saving' | 'saved'>('');
  const [failed, setFailed] = useState(false);
  const onState = useCallback((field: DetailField, state: SaveState) => {
    const before = states.current.get(field);
    states.current.set(field, state);
    const all = [...states.current.values()];
    setSummary((shown) => {
      if (all.includes('saving')) return 'saving';
      if (all.includes('dirty') || state === 'failed' || state === 'conflict') return '';
      return state === 'saved' ? 'saved' : shown === 'saving' ? '' : shown;
    });
    if (state === 'failed' && before !== 'failed') setFailed(true);
  }, []);
  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(() => setFailed(false), PROFILE_DELAYS_MS.saveFailedShown);
    return () => clearTimeout(timer);
  }, [failed]);
  return { onState, text: failed ? M.saveFailed : summary === 'saving' ? M.saving : summary === 'saved' ? M.saved : '' };
}

export function EditTab({ server, onValue, onGenerate }: EditTabProps) {
  const indicator = useSaveIndicator();
  return (
    <div className="aboutme-edit" data-testid="aboutme-edit">
      {FIELDS.map((f) => (
        <ProfileField
          key={f.field}
          field={f.field}
          label={f.label}
          server={server[f.field]}
          maxLength={f.max}
          multiline={f.multiline}
          placeholder={f.placeholder}
          onValue={onValue}
          onState={indicator.onState}
        />
      ))}
      <div className="aboutme-actions">
        <button type="button" className="button button-primary" onClick={onGenerate} data-testid="aboutme-generate">
          Generate
        </button>
        <span
          className={`aboutme-save${indicator.text === M.saveFailed ? ' aboutme-save-failed' : ''}`}
          role="status"
          data-testid="aboutme-save"
        >
          {indicator.text}
        </span>
      </div>
    </div>
  );
}
