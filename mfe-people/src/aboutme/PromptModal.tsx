import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@cc/client';
import { PROFILE_LIMITS as L, type ResearchMode } from '@cc/contracts/profile-rules';
import { Modal } from '@cc/ui';
import { generationPromptQuery } from './api/profile';

export interface PromptChoice {
  system: string;
  user: string;
  research_mode: ResearchMode;
}

export interface PromptModalProps {
  onClose(): void;
  onSubmit(choice: PromptChoice): void;
}

/**
 * The Generate modal (docs/about-me.md#generation): the system and user prompts the server suggests, editable; quick
 * or deep research. Loaded only when Generate is pressed.
 */
export default function PromptModal({ onClose, onSubmit }: PromptModalProps) {
  const id = useId();
  // Asked each time the modal opens: the suggested prompts are written from the details as they are now.
  const prompt = useQuery({ ...generationPromptQuery(), staleTime: 0, gcTime: 0 });
  // What the user typed over the suggestion (until then, the suggestion).
  const [edited, setEdited] = useState<{ system?: string; user?: string }>({});
  const system = edited.system ?? prompt.data?.system ?? '';
  const user = edited.user ?? prompt.data?.user ?? '';
  const setSystem = (text: string) => setEdited((e) => ({ ...e, system: text }));
  const setUser = (text: string) => setEdited((e) => ({ ...e, user: text }));
  const [mode, setMode] = useState<ResearchMode>('quick');
  // Without the suggestion the server writes its own default: submitting still works.
  const state = prompt.isPending ? 'loading' : prompt.isError ? `Error: ${errorMessage(prompt.error)}` : 'ready';

  const submit = () => onSubmit({ system: system.trim() ? system : '', user: user.trim() ? user : '', research_mode: mode });

  return (
    <Modal
      open
      onClose={onClose}
      title="Generate your profile"
      className="aboutme-modal"
      footer={
        <>
          <button type="button" className="button" onClick={onClose} data-testid="aboutme-prompt-cancel">
            Cancel
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={submit}
            disabled={state === 'loading'}
            data-testid="aboutme-prompt-submit"
          >
            Submit
          </button>
        </>
      }
    >
      <div className="aboutme-prompt" data-testid="aboutme-prompt">
        {state === 'loading' && (
          <p role="status">
            <span className="spinner spinner-inline" aria-hidden="true" /> Loading the prompts…
          </p>
        )}
        {state !== 'loading' && state !== 'ready' && (
          <p className="form-error" role="alert">
            {state}
          </p>
        )}
        <label htmlFor={`${id}-system`}>System prompt</label>
        <textarea
          id={`${id}-system`}
          data-testid="aboutme-prompt-system"
          rows={6}
          maxLength={L.system}
          value={system}
          onChange={(e) => setSystem(e.target.value)}
        />
        <label htmlFor={`${id}-user`}>User prompt</label>
        <textarea
          id={`${id}-user`}
          data-testid="aboutme-prompt-user"
          rows={10}
          maxLength={L.user}
          value={user}
          onChange={(e) => setUser(e.target.value)}
        />
        <fieldset className="aboutme-modes">
          <legend>Research mode</legend>
          <label>
            <input type="radio" name={`${id}-mode`} value="quick" checked={mode === 'quick'} onChange={() => setMode('quick')} /> Quick
          </label>
          <label>
            <input type="radio" name={`${id}-mode`} value="deep" checked={mode === 'deep'} onChange={() => setMode('deep')} /> Deep research
            (5-15 minutes)
          </label>
        </fieldset>
      </div>
    </Modal>
  );
}
