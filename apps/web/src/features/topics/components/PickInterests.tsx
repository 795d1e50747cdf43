import { useState } from 'react';
import { MIN_SIGNUP_INTERESTS } from '@pinboard/shared/schemas/topics';
import { Button } from '../../../components/Button/Button';
import { FormError } from '../../../components/Field/Field';
import { Spinner } from '../../../components/Spinner/Spinner';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { topicName } from '../../../lib/i18n';
import { useSetInterests, useTopicCatalogue } from '../topics.queries';
import styles from './PickInterests.module.css';

/**
 * The interests step of sign-up (decision 089): the idea categories as toggles; Next stays off until
 * MIN_SIGNUP_INTERESTS are chosen, then the viewer follows them (UserInterestsResource update) and goes on.
 */
export function PickInterests({ onDone }: { onDone: () => void }) {
  const catalogue = useTopicCatalogue();
  const save = useSetInterests();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const categories = (catalogue.data ?? []).filter((topic) => topic.parent_id === null);
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const ready = chosen.size >= MIN_SIGNUP_INTERESTS;

  return (
    <section className={styles.step} aria-labelledby="interests-heading">
      <h1 id="interests-heading" className={styles.heading}>
        {TEXTS.signupInterests.title}
      </h1>
      <p className={styles.help}>{TEXTS.signupInterests.help}</p>
      {save.isError && <FormError>{isApiError(save.error) && save.error.fullMessage ? save.error.fullMessage : TEXTS.genericError}</FormError>}
      {!catalogue.data ? (
        <Spinner />
      ) : (
        <ul className={styles.topics}>
          {categories.map((topic) => (
            <li key={topic.id}>
              <button type="button" className={styles.topic} aria-pressed={chosen.has(topic.id)} onClick={() => toggle(topic.id)}>
                {topicName(topic)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.count} aria-live="polite">
        {TEXTS.signupInterests.chosen({ n: Math.min(chosen.size, MIN_SIGNUP_INTERESTS) })}
      </p>
      <Button variant="primary" size="large" isDisabled={!ready || save.isPending} onPress={() => save.mutate([...chosen], { onSuccess: onDone })}>
        {TEXTS.signupInterests.next}
      </Button>
    </section>
  );
}
