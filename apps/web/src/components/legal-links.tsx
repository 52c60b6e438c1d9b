import { Link } from 'react-router';
import { deStart as de } from '../i18n/de-start';

const linkClass = 'text-sm text-muted-foreground underline-offset-4 hover:underline';

/** Impressum and Datenschutzerklärung side by side, under the pages shown before login. */
export function LegalLinks() {
  return (
    <nav aria-label={de.legalLinks} className="flex flex-wrap justify-center gap-x-4 gap-y-1">
      <Link to="/impressum" className={linkClass}>
        {de.documentTitles.impressum}
      </Link>
      <Link to="/datenschutz" className={linkClass}>
        {de.documentTitles.privacy}
      </Link>
    </nav>
  );
}
