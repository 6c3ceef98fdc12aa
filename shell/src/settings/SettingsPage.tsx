import { useId } from 'react';
import { DialogProvider } from '@cc/ui/dialogs';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { CalendarSection } from './CalendarSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { ExportSection } from './ExportSection';
import { ImportSection } from './ImportSection';
import './settings.css';

/**
 * /settings, from the user menu: the account's settings, one section each (the calendar first,
 * export and import beside deletion, above it: the danger zone stays last).
 */
export default function SettingsPage() {
  const titleId = useId();
  useDocumentTitle('Settings');
  return (
    <DialogProvider>
      <section className="page settings-page" aria-labelledby={titleId}>
        <h1 id={titleId}>Settings</h1>
        <CalendarSection />
        <ExportSection />
        <ImportSection />
        <DeleteAccountSection />
      </section>
    </DialogProvider>
  );
}
