import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../lib/messages';
import { Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import styles from './components/Search.module.css';
import { NoResults, SearchResultList } from './components/SearchResults';
import { filteredSearchUrl, ownPinsSearchUrl, parseColor, parseFilter, SEARCH_FILTERS, type SearchFilter } from './searchUrl';
import { useClearRecentSearches, useEmptyBoxSuggestions } from './search.queries';
import { useSignedInViewer } from '../session/session.queries';
import { RequireSignedIn } from '../session/components/RequireSignedIn';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

const FILTER_LABELS: Record<SearchFilter, string> = {
  pins: TEXTS.search.allPins,
  my_pins: TEXTS.search.yourPins,
  videos: TEXTS.search.videos,
  idea_pins: TEXTS.search.ideaPins,
  boards: TEXTS.search.boards,
  users: TEXTS.search.people,
};

const EMPTY: Record<SearchFilter, string> = {
  pins: MESSAGES.emptyState.noSearchResults,
  my_pins: TEXTS.search.ownNoResults,
  videos: MESSAGES.emptyState.noSearchResults,
  idea_pins: MESSAGES.emptyState.noSearchResults,
  boards: TEXTS.search.noBoards,
  users: TEXTS.search.noPeople,
};

/** The colour filter's palette: one colour of each of six of the 64 groups Pins' dominant colours fall in (decision 084). */
const COLORS: readonly { hex: string; label: string }[] = [
  { hex: '#c02020', label: TEXTS.search.colorRed },
  { hex: '#e0c020', label: TEXTS.search.colorYellow },
  { hex: '#20a040', label: TEXTS.search.colorGreen },
  { hex: '#2040c0', label: TEXTS.search.colorBlue },
  { hex: '#101010', label: TEXTS.search.colorBlack },
  { hex: '#f0f0f0', label: TEXTS.search.colorWhite },
];

/**
 * /search/?q=…&scope=…, and Pinterest's /search/pins/?q=…, /search/boards/?q=…, /search/users/?q=…:
 * results under the filter chips (All Pins, Your Pins, Videos, Idea Pins, Boards, People), with a
 * colour filter for Pins and "Did you mean" when nothing was found; an empty box shows the recent
 * and trending searches (decision 084).
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const viewer = useSignedInViewer();
  const query = (params.get('q') ?? '').trim();
  const filter = parseFilter(pathname, params);
  const color = parseColor(params.get('color'));
  const forPins = filter !== 'boards' && filter !== 'users';
  useDocumentTitle(query ? TEXTS.search.heading({ q: query }) : TEXTS.search.emptyHeading);

  if (!query) return <EmptyBox />;

  const filters = SEARCH_FILTERS.filter((f) => f !== 'my_pins' || viewer);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{TEXTS.search.heading({ q: query })}</h1>
        <nav className={styles.chips} aria-label={TEXTS.search.tabs}>
          {filters.map((option) => (
            <Link
              key={option}
              to={filteredSearchUrl(query, option, color)}
              className={styles.tab}
              aria-current={option === filter ? 'page' : undefined}
              replace
            >
              {FILTER_LABELS[option]}
            </Link>
          ))}
        </nav>
        {forPins && (
          <nav className={styles.colors} aria-label={TEXTS.search.color}>
            {COLORS.map((c) => (
              <Link
                key={c.hex}
                to={filteredSearchUrl(query, filter, c.hex)}
                className={styles.swatch}
                style={{ background: c.hex }}
                aria-label={c.label}
                title={c.label}
                aria-current={c.hex === color ? 'true' : undefined}
                replace
              />
            ))}
            {color && (
              <Link to={filteredSearchUrl(query, filter)} className={styles.anyColor} replace>
                {TEXTS.search.anyColor}
              </Link>
            )}
          </nav>
        )}
      </header>
      <SearchResultList
        key={`${filter}:${query}:${color ?? ''}`}
        query={query}
        scope={filter}
        color={forPins ? color : null}
        label={filter === 'pins' ? TEXTS.search.pins : FILTER_LABELS[filter]}
        empty={<NoResults>{EMPTY[filter]}</NoResults>}
        correctionUrl={(corrected) => filteredSearchUrl(corrected, filter, color)}
      />
    </div>
  );
}

/** The search page without a query: recent searches (clearable) and trending ones, else the invitation to search. */
function EmptyBox() {
  const suggestions = useEmptyBoxSuggestions();
  const clear = useClearRecentSearches();
  const recent = suggestions.data?.recent ?? [];
  const trending = suggestions.data?.trending ?? [];
  return (
    <>
      {(recent.length > 0 || trending.length > 0) && (
        <div className={styles.suggestions}>
          {recent.length > 0 && (
            <section aria-labelledby="recent-searches">
              <div className={styles.suggestionHead}>
                <h2 id="recent-searches" className={styles.suggestionTitle}>
                  {TEXTS.search.recent}
                </h2>
                <Button variant="secondary" size="small" onPress={() => clear.mutate()} isDisabled={clear.isPending}>
                  {TEXTS.search.clearRecent}
                </Button>
              </div>
              <SuggestedSearches items={recent} />
            </section>
          )}
          {trending.length > 0 && (
            <section aria-labelledby="trending-searches">
              <h2 id="trending-searches" className={styles.suggestionTitle}>
                {TEXTS.search.trending}
              </h2>
              <SuggestedSearches items={trending} />
            </section>
          )}
        </div>
      )}
      <EmptyState headingLevel={1} heading={TEXTS.search.emptyHeading} link={{ to: '/', label: TEXTS.search.explore, variant: 'secondary' }}>
        {TEXTS.search.emptyBody}
      </EmptyState>
    </>
  );
}

function SuggestedSearches({ items }: { items: readonly { query: string; url: string }[] }) {
  return (
    <ul className={styles.chips}>
      {items.map((item) => (
        <li key={item.query}>
          <Link to={item.url} className={styles.tab}>
            {item.query}
          </Link>
        </li>
      ))}
    </ul>
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
