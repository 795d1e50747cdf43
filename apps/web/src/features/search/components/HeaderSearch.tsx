import { Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Icon } from '../../../components/Icon/Icon';
import { TEXTS } from '../../../lib/texts';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { PincodeScannerModal } from '../../../overlays';
import { useSignedInViewer } from '../../session/session.queries';
import { fetchTypeahead } from '../search.api';
import { lazyNamed } from '../../../lib/lazyNamed';
import { SuggestionOption, type Suggestion } from './SuggestionOption';
import { ownPinsSearchUrl, parseScope, typedSearchUrl } from '../searchUrl';
import { suggestionsOf, TypeaheadCache, type TypeaheadScope } from '../typeaheadCache';
import styles from './HeaderSearch.module.css';

/** The empty box's recent and trending searches: a chunk of their own, loaded when the box is focused. */
const EmptyBoxSuggestions = lazyNamed(() => import('./EmptyBoxSuggestions'), 'EmptyBoxSuggestions');

/** How long typing pauses before suggestions are asked for. */
const TYPEAHEAD_DELAY_MS = 150;

/**
 * The header's search field: a combobox whose suggestions come from
 * SearchTypeaheadResource (cached per scope and term, duplicates in flight
 * not sent twice, aborted calls ignored). While the box is empty it offers
 * the viewer's recent searches (clearable) and trending ones (decision 084).
 * On /search/me/ it searches the viewer's own Pins.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const viewer = useSignedInViewer();
  const ownPins = pathname.startsWith('/search/me');
  const onSearchPage = pathname.startsWith('/search');
  const pageScope = parseScope(params.get('scope'));
  const scope: TypeaheadScope = ownPins && viewer ? 'my_pins' : pageScope;
  const urlQuery = onSearchPage ? (params.get('q') ?? '') : '';
  const narrow = useMediaQuery('(max-width: 479px)');
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // Suggestions depend on who is asking (my_pins), so each viewer gets a fresh cache.
  const cache = useMemo(() => new TypeaheadCache((term, s, signal) => fetchTypeahead(term, s, signal)), [viewer?.id]);
  const [query, setQuery] = useState(urlQuery);
  const [focused, setFocused] = useState(false);
  const [typed, setTyped] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const settled = useDebouncedValue(query, TYPEAHEAD_DELAY_MS);

  useEffect(() => setQuery(urlQuery), [urlQuery]);

  const isEmpty = query.trim() === '';
  const [emptyItems, setEmptyItems] = useState<Suggestion[]>([]);
  const items = isEmpty ? emptyItems : typed;

  useEffect(() => {
    if (!focused) return;
    const term = settled.trim();
    if (!term) {
      setTyped([]);
      return;
    }
    const cached = cache.peek(term, scope);
    if (cached) {
      setTyped(suggestionsOf(cached));
      return;
    }
    const controller = new AbortController();
    cache.lookup(term, scope, controller.signal).then(
      (answer) => {
        if (answer && !controller.signal.aborted) setTyped(suggestionsOf(answer));
      },
      () => {
        if (!controller.signal.aborted) setTyped([]);
      },
    );
    return () => controller.abort();
  }, [settled, scope, focused, cache]);

  useEffect(() => setActive(-1), [items]);

  const open = focused && !dismissed && items.length > 0;

  const go = (term: string) => {
    setDismissed(true);
    setQuery(term);
    inputRef.current?.blur();
    void navigate(scope === 'my_pins' ? ownPinsSearchUrl(term) : typedSearchUrl(term, pageScope));
  };

  /** A suggestion leads where the server says: a board, a profile, an idea page, or results of its kind. */
  const choose = (item: Suggestion) => {
    if (item.run) return item.run();
    if (!item.url) return go(item.label);
    setDismissed(true);
    setQuery(item.label);
    inputRef.current?.blur();
    void navigate(item.url);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = open && active >= 0 ? items[active] : undefined;
    if (chosen) choose(chosen);
    else go(query);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (items.length === 0) return;
      event.preventDefault();
      setDismissed(false);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Positions: -1 (what was typed), then each suggestion; the ends wrap around.
      setActive((index) => {
        const next = index + step;
        if (next < -1) return items.length - 1;
        return next > items.length - 1 ? -1 : next;
      });
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setDismissed(true);
      } else if (query) {
        setQuery('');
      }
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const [scanning, setScanning] = useState(false);

  return (
    <form role="search" className={styles.search} onSubmit={submit}>
      <Icon name="search" size={18} className={styles.icon} />
      <input
        ref={inputRef}
        className={styles.input}
        type="search"
        name="q"
        role="combobox"
        aria-label={TEXTS.nav.searchLabel}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 && active < items.length ? optionId(active) : undefined}
        placeholder={narrow ? TEXTS.nav.searchPlaceholderShort : TEXTS.nav.searchPlaceholder}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setDismissed(false);
        }}
        onFocus={() => {
          EmptyBoxSuggestions.prefetch();
          setFocused(true);
          setDismissed(false);
        }}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button
        type="button"
        className={styles.scan}
        aria-label={TEXTS.nav.scanPincode}
        title={TEXTS.nav.scanPincode}
        onPointerEnter={PincodeScannerModal.prefetch}
        onFocus={PincodeScannerModal.prefetch}
        onClick={() => setScanning(true)}
      >
        <Icon name="camera" size={20} />
      </button>
      <PincodeScannerModal isOpen={scanning} onOpenChange={setScanning} />
      <div className={styles.popup} hidden={!open}>
        <ul id={listId} role="listbox" aria-label={TEXTS.search.suggestions} className={styles.listbox}>
          {isEmpty
            ? focused && (
                <Suspense fallback={null}>
                  <EmptyBoxSuggestions optionId={optionId} active={active} onItems={setEmptyItems} onChoose={choose} onPoint={setActive} />
                </Suspense>
              )
            : open &&
              typed.map((item, index) => (
                <SuggestionOption
                  key={item.label}
                  id={optionId(index)}
                  item={item}
                  icon="search"
                  selected={index === active}
                  onChoose={choose}
                  onPoint={() => setActive(index)}
                />
              ))}
        </ul>
      </div>
    </form>
  );
}
