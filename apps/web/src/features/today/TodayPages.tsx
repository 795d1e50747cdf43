import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/Button/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { InfiniteSentinel } from '../../components/masonry/InfiniteSentinel';
import { Masonry, PIN_GRID } from '../../components/masonry/Masonry';
import { NotFoundView } from '../../components/NotFoundView/NotFoundView';
import { Spinner } from '../../components/Spinner/Spinner';
import { PinCard, estimatePinCardHeight } from '../pins/components/PinCard';
import { useSignedInViewer } from '../session/session.queries';
import { TodayEditor } from './components/TodayEditor';
import styles from './components/Today.module.css';
import type { TodayArticle } from './today.api';
import { useDeleteArticle, useLatestArticles, useTodayArticle } from './today.queries';
import { isApiError } from '../../lib/api';
import { TEXTS } from '../../lib/allTexts';
import { formatDate } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

const dateOf = (iso: string) => formatDate(iso, { year: 'numeric', month: 'long', day: 'numeric' });

/** /today/: the latest stories; staff also get the editor. */
export function TodayIndexPage() {
  const viewer = useSignedInViewer();
  const latest = useLatestArticles();
  useDocumentTitle(TEXTS.today.heading);
  const articles = latest.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <h1 className={styles.title}>{TEXTS.today.heading}</h1>
        <p className={styles.byline}>{TEXTS.today.intro}</p>
      </header>
      {latest.isPending ? (
        <Spinner label={TEXTS.loading} />
      ) : latest.isError ? (
        <p className={styles.notice} role="alert">
          {TEXTS.genericError}
        </p>
      ) : articles.length === 0 ? (
        <EmptyState heading={TEXTS.today.empty} link={{ to: '/ideas/art/', label: TEXTS.topics.browse }}>
          {TEXTS.today.emptyBody}
        </EmptyState>
      ) : (
        <>
          <ul className={styles.cards}>
            {articles.map((a) => (
              <li key={a.id}>
                <ArticleCard article={a} />
              </li>
            ))}
          </ul>
          <InfiniteSentinel hasMore={latest.hasNextPage} isLoading={latest.isFetchingNextPage} onLoadMore={() => void latest.fetchNextPage()} />
        </>
      )}
      {viewer?.isEmployee && <TodayEditor />}
    </div>
  );
}

function ArticleCard({ article }: { article: TodayArticle }) {
  return (
    <Link to={article.url} className={styles.card}>
      <span className={styles.cardCover} style={{ backgroundColor: article.dominant_color ?? 'var(--color-grey)' }}>
        {article.cover && <img src={article.cover.url} alt="" loading="lazy" />}
      </span>
      <span className={styles.cardKind}>{TEXTS.today.kinds[article.kind]}</span>
      <span className={styles.cardTitle}>{article.title}</span>
    </Link>
  );
}

/** /today/{kind}/{slug}/{id}/: a story: its title, text and Pins (those the reader may see). */
export function TodayArticlePage({ id }: { id: string }) {
  const article = useTodayArticle(id);
  const viewer = useSignedInViewer();
  const [editing, setEditing] = useState(false);
  useDocumentTitle(article.data?.title ?? null);
  if (!/^\d+$/.test(id) || (article.isError && isApiError(article.error) && article.error.isNotFound)) return <NotFoundView body={TEXTS.today.notFoundBody} />;
  if (article.isError) throw article.error;
  if (!article.data) return <Spinner label={TEXTS.loading} />;
  const a = article.data;
  const paragraphs = a.body.split(/\n{2,}/).filter((p) => p.trim() !== '');
  if (editing) {
    return (
      <div className={styles.page}>
        <TodayEditor key={a.id} article={a} onCancel={() => setEditing(false)} onSaved={() => setEditing(false)} />
      </div>
    );
  }

  return (
    <article className={styles.page}>
      <header className={styles.hero}>
        <p className={styles.kicker}>{TEXTS.today.kinds[a.kind]}</p>
        <h1 className={styles.title}>{a.title}</h1>
        {a.author && <p className={styles.byline}>{TEXTS.today.byline({ name: a.author.full_name || a.author.username, date: dateOf(a.created_at) })}</p>}
        <div className={styles.body}>
          {paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
        {viewer?.isEmployee && <StaffActions article={a} onEdit={() => setEditing(true)} />}
      </header>
      {a.pins.length === 0 ? (
        <p className={styles.notice}>{TEXTS.today.noPins}</p>
      ) : (
        <Masonry
          items={a.pins}
          label={TEXTS.today.pinsLabel({ title: a.title })}
          getKey={(pin) => pin.id}
          options={PIN_GRID}
          estimateHeight={(pin, columnWidth) => estimatePinCardHeight(pin, columnWidth)}
          renderItem={(pin, columnWidth) => <PinCard pin={pin} columnWidth={columnWidth} />}
        />
      )}
      <p className={styles.notice}>
        <Link to="/today/">{TEXTS.today.allStories}</Link>
      </p>
    </article>
  );
}

/** What staff may do with a story on its page: change it, or delete it after saying yes. */
function StaffActions({ article, onEdit }: { article: TodayArticle; onEdit: () => void }) {
  const navigate = useNavigate();
  const remove = useDeleteArticle(article.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className={styles.editorActions}>
      <Button variant="secondary" onPress={onEdit}>
        {TEXTS.today.edit}
      </Button>
      <Button variant="secondary" onPress={() => setConfirming(true)}>
        {TEXTS.today.delete}
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) remove.reset();
        }}
        title={TEXTS.today.deleteTitle}
        confirmLabel={TEXTS.today.delete}
        busyLabel={TEXTS.today.deleting}
        cancelLabel={TEXTS.today.cancel}
        busy={remove.isPending}
        error={remove.isError ? TEXTS.today.deleteFailed : null}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => void navigate('/today/', { replace: true }) })}
      >
        {TEXTS.today.deleteBody}
      </ConfirmDialog>
    </div>
  );
}
