import { useState } from 'react';
import { MESSAGES } from '../../../lib/messages';
import { Button, type ButtonSize } from '../../../components/Button/Button';
import { TEXTS } from '../../../lib/allTexts';
import { LoginPrompt } from '../../../overlays';
import { useSignedInViewer } from '../../session/session.queries';
import { topicName } from '../../../lib/i18n';
import type { Topic } from '../topics.api';
import { useFollowTopic } from '../topics.queries';

/**
 * Follow / Following for a topic, optimistic with a silent revert on failure
 * (no toast: the spec silences interest-follow errors). Visitors get the
 * login prompt.
 */
export function FollowTopicButton({ topic, size = 'large' }: { topic: Topic; size?: ButtonSize }) {
  const viewer = useSignedInViewer();
  const follow = useFollowTopic({ viewerUsername: viewer?.username ?? null });
  const [prompt, setPrompt] = useState(false);
  const followed = topic.is_followed;

  const press = () => {
    if (!viewer) setPrompt(true);
    else follow.mutate({ topic, follow: !followed });
  };

  return (
    <>
      <Button variant={followed ? 'dark' : 'primary'} size={size} onPress={press} aria-label={TEXTS.topics.followLabel({ followed, name: topicName(topic) })}>
        {followed ? TEXTS.social.following : MESSAGES.profile.follow}
      </Button>
      {prompt && <LoginPrompt isOpen onOpenChange={setPrompt} title={followed ? MESSAGES.loginPrompt.unfollow : MESSAGES.loginPrompt.follow} />}
    </>
  );
}
