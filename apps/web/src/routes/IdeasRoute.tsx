import { useParams } from 'react-router';
import { IDEA_CATEGORIES_LONG, ideaPath } from '@pinboard/shared/constants/ideas';
import { ButtonLink } from '../components/Button/Button';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { NotFoundView } from '../components/NotFoundView/NotFoundView';
import * as TEXTS from '../lib/allTexts';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import styles from './IdeasRoute.module.css';

/** An idea category page (/ideas/{slug}/): category feeds are later work, so it says so. */
export function IdeasRoute() {
  const { slug = '' } = useParams();
  const category = IDEA_CATEGORIES_LONG.find((c) => c.slug === slug);
  useDocumentTitle(category?.label);
  if (!category) return <NotFoundView />;

  return (
    <>
      <EmptyState
        headingLevel={1}
        heading={category.label}
        action={
          <ButtonLink to="/" variant="primary" size="large">
            {TEXTS.ideas.explore}
          </ButtonLink>
        }
      >
        {TEXTS.ideas.body(category.label)}
      </EmptyState>
      <h2 className={styles.othersHeading}>{TEXTS.ideas.other}</h2>
      <ul className={styles.others}>
        {IDEA_CATEGORIES_LONG.filter((c) => c.slug !== category.slug).map((c) => (
          <li key={c.slug}>
            <ButtonLink to={ideaPath(c.slug)} variant="secondary">
              {c.label}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </>
  );
}
