import { useEffect, useMemo } from 'react';
import { TEXTS } from '../../../lib/allTexts';
import { useClearRecentSearches, useEmptyBoxSuggestions } from '../search.queries';
import { SuggestionOption, type Suggestion } from './SuggestionOption';
import styles from './HeaderSearch.module.css';

type Group = 'recent' | 'trending';

/**
 * The options of the header's search box while it is empty (decision 084): the viewer's recent
 * searches, with "Clear" as their last option, then trending searches, each run under its title.
 * The box keeps the active option and the keys; this reports the options to it in their order.
 */
export function EmptyBoxSuggestions({
  optionId,
  active,
  onItems,
  onChoose,
  onPoint,
}: {
  optionId: (index: number) => string;
  active: number;
  onItems: (items: Suggestion[]) => void;
  onChoose: (item: Suggestion) => void;
  onPoint: (index: number) => void;
}) {
  const suggestions = useEmptyBoxSuggestions();
  const clear = useClearRecentSearches();
  const { mutate: clearRecent } = clear;
  const groups = useMemo(() => {
    const recent: Suggestion[] = (suggestions.data?.recent ?? []).map((r) => ({ label: r.query, url: r.url }));
    const trending: Suggestion[] = (suggestions.data?.trending ?? []).map((t) => ({ label: t.query, url: t.url }));
    const runs: { group: Group; title: string; members: Suggestion[] }[] = [];
    if (recent.length > 0)
      runs.push({
        group: 'recent',
        title: TEXTS.search.recent,
        members: [...recent, { label: TEXTS.search.clearRecent, url: null, run: () => clearRecent() }],
      });
    if (trending.length > 0) runs.push({ group: 'trending', title: TEXTS.search.trending, members: trending });
    return runs;
  }, [suggestions.data, clearRecent]);

  useEffect(() => {
    onItems(groups.flatMap((g) => g.members));
    return () => onItems([]);
  }, [groups, onItems]);

  let index = 0;
  return groups.map(({ group, title, members }) => {
    const headingId = `${optionId(-1)}-${group}`;
    return (
      <li key={group} role="group" aria-labelledby={headingId} className={styles.group}>
        <span id={headingId} role="presentation" className={styles.groupTitle}>
          {title}
        </span>
        <ul role="none" className={styles.groupOptions}>
          {members.map((item) => {
            const at = index++;
            return (
              <SuggestionOption
                key={item.run ? 'clear' : item.label}
                id={optionId(at)}
                item={item}
                icon={item.run ? 'close' : group === 'recent' ? 'restore' : 'search'}
                selected={at === active}
                onChoose={onChoose}
                onPoint={() => onPoint(at)}
              />
            );
          })}
        </ul>
      </li>
    );
  });
}
