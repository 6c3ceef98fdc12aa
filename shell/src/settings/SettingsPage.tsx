import { useId } from 'react';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { DeleteAccountSection } from './DeleteAccountSection';
import { ExportSection } from './ExportSection';
import { ImportSection } from './ImportSection';
import './settings.css';

/**
 * /settings, from the user menu: the account's settings, one section each (export and import
 * come beside deletion, above it: the danger zone stays last).
 */
export default function SettingsPage() {
  const titleId = useId();
  useDocumentTitle('Settings');
  return (
    <section className="page settings-page" aria-labelledby={titleId}>
      <h1 id={titleId}>Settings</h1>
      <ExportSection />
      <ImportSection />
      <DeleteAccountSection />
    </section>
  );
}
