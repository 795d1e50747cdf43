import { useEffect } from 'react';
import { TEXTS } from './texts';

/** Keeps document.title in step on client-side navigation (the server writes the first one). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    document.title = title === TEXTS.appName ? title : `${title} | ${TEXTS.appName}`;
  }, [title]);
}
