import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '../../../lib/messages';
import { ButtonLink } from '../../../components/Button/Button';
import { Spinner } from '../../../components/Spinner/Spinner';
import { useProfileDetails } from '../profile.queries';
import { previewPath, tabPath, type PreviewTab } from '../profilePaths';
import { createQueryClient } from '../../../lib/queryClient';
import { TEXTS } from '../../../lib/allTexts';
import { MainProfile } from './MainProfile';
import styles from './PublicPreviewPage.module.css';

/**
 * /{username}/_preview/ (and /created/, /saved/): the owner's profile as a
 * signed-out visitor gets it. Its reads carry X-View-As: public (lib/publicView.ts),
 * so the server's own rules decide what shows; the answers live in a query
 * cache of their own, so they never stand in for the owner's view elsewhere.
 */
export function PublicPreviewPage({
  username,
  tab,
  backTo,
  backLabel,
  locale,
}: {
  username: string;
  tab: PreviewTab | null;
  backTo: string;
  backLabel: string;
  locale: string;
}) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <div className={styles.banner}>
        <div>
          <p className={styles.heading}>{TEXTS.profilePage.previewHeading}</p>
          <p className={styles.note}>{TEXTS.profilePage.previewNote}</p>
        </div>
        <ButtonLink to={backTo} variant="secondary">
          {backLabel}
        </ButtonLink>
      </div>
      <PublicProfile username={username} tab={tab} locale={locale} />
    </QueryClientProvider>
  );
}

function PublicProfile({ username, tab, locale }: { username: string; tab: PreviewTab | null; locale: string }) {
  const profile = useProfileDetails(username, null);
  if (profile.isError) throw profile.error;
  if (!profile.data) return <Spinner label={MESSAGES.profile.loading} />;
  return (
    <MainProfile
      profile={profile.data}
      viewer={null}
      isOwner={false}
      country={null}
      locale={locale}
      inviteCode={null}
      view={{ kind: 'main', tab }}
      tabPathOf={(next) => (next === 'created' || next === 'saved' ? previewPath(username, next) : tabPath(username, next))}
    />
  );
}
