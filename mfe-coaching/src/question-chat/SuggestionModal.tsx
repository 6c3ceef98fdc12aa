import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@cc/client';
import { fileAddress } from '@cc/contracts/addresses';
import { COACHING_MESSAGES as M } from '@cc/contracts/coaching-rules';
import { useDialogs } from '@cc/ui/dialogs';
import { storeOpenOnLoad } from '@cc/ui/open-hint';
import { useNavigate } from '@cc/ui/router';
import { FormModal } from '../shared/FormModal';
import { findFile, suggestionType } from './suggestion';
import { createFile, fileCreated, fileIndexOf, fileIndexQuery } from './api/files';

export const CREATE_FILE_ERRORS = {
  with: (errors: string) => `Error creating file: ${errors}`,
  retry: 'Error creating file. Please try again.',
  notFound: 'Error finding file. Please try again.',
} as const;

/**
 * The suggestion action (docs/coaching.md#keeping-an-answer-in-a-file): keep the text in a file. 'update' when the text names one
 * of the user's files, else 'create'; then the dashboard opens that file at its address (the
 * open-on-load hint only carries the chat that an update starts with).
 */
export default function SuggestionModal({
  text,
  fileName,
  folder,
  description,
  onClose,
}: {
  text: string;
  fileName: string;
  folder: string;
  description: string;
  onClose: () => void;
}) {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const index = useQuery(fileIndexQuery());
  const [type, setType] = useState<'create' | 'update'>('create');
  const [name, setName] = useState(fileName);
  const [folderName, setFolderName] = useState(folder);
  const [error, setError] = useState<string | null>(null);
  // From the click to the dashboard: the files may be asked for, the file made, a message shown.
  const [busy, setBusy] = useState(false);
  const create = useMutation({ mutationFn: createFile, onSuccess: () => fileCreated(queryClient) });

  // A text that names one of the user's files updates it: the form says which, once the files are known.
  const files = index.data ? fileIndexOf(index.data) : undefined;
  useEffect(() => {
    if (!files) return;
    const found = suggestionType(text, files);
    setType(found.type);
    if (found.type === 'update') {
      setName(found.file.name);
      setFolderName(found.file.folder);
    }
  }, [text, files]);
  useEffect(() => {
    if (index.error) console.warn('[coaching] listing the files failed', index.error);
  }, [index.error]);

  const open = (fileId: number, file: string, where: string, startChat: boolean) => {
    if (startChat) storeOpenOnLoad({ folder: where, fileName: file, fileId, startChat, ...(text ? { chatPrompt: text } : {}) });
    navigate(fileAddress(where, file));
  };

  const submit = async () => {
    const file = name.trim();
    const where = folderName.trim();
    if (!file || !where) {
      setError(M.suggestionNeedsBoth);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      if (type === 'update') {
        const existing = findFile(fileIndexOf(await queryClient.fetchQuery(fileIndexQuery())), where, file);
        if (!existing) {
          await dialogs.alert({ title: 'Update file', message: CREATE_FILE_ERRORS.notFound });
          return;
        }
        open(existing.id, existing.name, existing.folder, true);
        return;
      }
      const created = await create.mutateAsync({ folder: where, name: file, description, content: text });
      // The file's address by the name it was stored under (`my_notes` is kept as "my notes.md"),
      // so the dashboard opens it at once instead of correcting the address after.
      open(created.file.id, created.file.name, created.file.folder, false);
    } catch (err) {
      console.warn('[coaching] the suggestion action failed', err);
      const message =
        err instanceof ApiError && err.status >= 400 && err.status < 500
          ? CREATE_FILE_ERRORS.with(err.errors.join(', '))
          : CREATE_FILE_ERRORS.retry;
      await dialogs.alert({ title: 'Create file', message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      title={type === 'update' ? 'Update a file' : 'Create a file'}
      action={type === 'update' ? 'Open to update' : 'Create and open'}
      busy={busy}
      error={error}
      onAction={() => void submit()}
      onClose={onClose}
      className="coaching-suggestion"
      formProps={{ 'data-testid': 'suggestion-form', 'data-type': type }}
    >
      <label>
        File name
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        Folder name
        <input value={folderName} onChange={(event) => setFolderName(event.target.value)} />
      </label>
    </FormModal>
  );
}
