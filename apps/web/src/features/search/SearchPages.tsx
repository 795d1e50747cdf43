import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../lib/messages';
import { ButtonLink, Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import styles from './components/Search.module.css';
import { NoResults, SearchResultList } from './components/SearchResults';
import { ownPinsSearchUrl, parseScope, scopeSearchUrl, SEARCH_SCOPES, type SearchPageScope } from './searchUrl';
import { RequireSignedIn } from '../session/components/RequireSignedIn';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

const SCOPE_LABELS: Record<SearchPageScope, string> = {
  pins: TEXTS.search.pins,
  boards: TEXTS.search.boards,
  users: TEXTS.search.people,
};

const EMPTY: Record<SearchPageScope, string> = {
  pins: MESSAGES.emptyState.noSearchResults,
  boards: TEXTS.search.noBoards,
  users: TEXTS.search.noPeople,
};

/** /search/?q=…&scope=pins|boards|users: results in three tabs. */
export function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const scope = parseScope(params.get('scope'));
  useDocumentTitle(query ? TEXTS.search.heading({ q: query }) : TEXTS.search.emptyHeading);

  if (!query) {
    return (
      <EmptyState
        headingLevel={1}
        heading={TEXTS.search.emptyHeading}
        action={
          <ButtonLink to="/" variant="secondary" size="large">
            {TEXTS.search.explore}
          </ButtonLink>
        }
      >
        {TEXTS.search.emptyBody}
      </EmptyState>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{TEXTS.search.heading({ q: query })}</h1>
        <nav className={styles.tabs} aria-label={TEXTS.search.tabs}>
          {SEARCH_SCOPES.map((option) => (
            <Link key={option} to={scopeSearchUrl(params, option)} className={styles.tab} aria-current={option === scope ? 'page' : undefined} replace>
              {SCOPE_LABELS[option]}
            </Link>
          ))}
        </nav>
      </header>
      <SearchResultList key={`${scope}:${query}`} query={query} scope={scope} label={SCOPE_LABELS[scope]} empty={<NoResults>{EMPTY[scope]}</NoResults>} />
    </div>
  );
}

/** /search/me/: the signed-in viewer's own Pins, titled 'Search your Pins'. */
export function SearchMePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = (params.get('q') ?? '').trim();
  const [text, setText] = useState(query);
  useDocumentTitle(MESSAGES.profile.searchYourPins);

  return (
    <RequireSignedIn heading={MESSAGES.profile.searchYourPins} body={TEXTS.search.ownLogin} next="/search/me/">
      {() => {
        const submit = (event: FormEvent) => {
          event.preventDefault();
          void navigate(ownPinsSearchUrl(text));
        };

        return (
          <div className={styles.page}>
            <header className={styles.header}>
              <h1 className={styles.title}>{MESSAGES.profile.searchYourPins}</h1>
              <form role="search" className={styles.ownForm} onSubmit={submit}>
                <input
                  className={styles.ownInput}
                  type="search"
                  aria-label={MESSAGES.profile.searchYourPins}
                  placeholder={MESSAGES.profile.searchYourPins}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  autoFocus={!query}
                  enterKeyHint="search"
                />
                <Button type="submit" variant="primary" size="large">
                  {TEXTS.search.submit}
                </Button>
              </form>
            </header>
            {query ? (
              <SearchResultList
                key={query}
                query={query}
                scope="my_pins"
                label={MESSAGES.profile.searchYourPins}
                empty={<NoResults>{TEXTS.search.ownNoResults}</NoResults>}
              />
            ) : (
              <p className={styles.header}>{TEXTS.search.ownBody}</p>
            )}
          </div>
        );
      }}
    </RequireSignedIn>
  );
}
