import { useState } from 'react';
import { Switch } from 'react-aria-components';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationChannel, type NotificationKind } from '@pinboard/shared/schemas/notifications';
import { Button } from '../../../components/Button/Button';
import { Spinner } from '../../../components/Spinner/Spinner';
import { TEXTS } from '../../../lib/notificationTexts';
import { useNotificationSettings, useUpdateNotificationSettings } from '../../notifications/notifications.queries';
import { usePushOnThisDevice } from '../../notifications/push';
import { SettingSwitch } from './SettingSwitch';
import styles from './Settings.module.css';

const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  app: TEXTS.notifications.settings.channel.app,
  email: TEXTS.notifications.settings.channel.email,
  push: TEXTS.notifications.settings.channel.push,
};

/**
 * Settings → Notifications (decision 087): every kind with a switch for each
 * way it reaches the person (in the app, email, push), saved at once and shown
 * at once; a failed save puts the switch back and says so. Then push
 * notifications on this device.
 */
export function NotificationSettings() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const [failed, setFailed] = useState(false);

  const toggle = (kind: NotificationKind, channel: NotificationChannel, on: boolean) => {
    setFailed(false);
    update.mutate({ [kind]: { [channel]: on } }, { onError: () => setFailed(true) });
  };

  return (
    <>
      <p className={styles.intro}>{TEXTS.notifications.settings.intro}</p>
      <PushOnThisDevice />
      {settings.isPending ? (
        <Spinner />
      ) : settings.isError ? (
        <div className={styles.intro} role="alert">
          <p>{TEXTS.notifications.loadError}</p>
          <Button onPress={() => void settings.refetch()}>{TEXTS.notifications.retry}</Button>
        </div>
      ) : (
        <table className={styles.notificationTable}>
          <thead>
            <tr>
              <th scope="col">{TEXTS.notifications.settings.kind}</th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col">
                  {CHANNEL_LABELS[channel]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => {
              const name = TEXTS.notifications.settings.kindName[kind];
              return (
                <tr key={kind}>
                  <th scope="row">{name}</th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <td key={channel}>
                      <Switch
                        className={styles.switch}
                        isSelected={settings.data[kind][channel]}
                        onChange={(on) => toggle(kind, channel, on)}
                        aria-label={TEXTS.notifications.settings.switchLabel({ kind: name, channel: CHANNEL_LABELS[channel] })}
                        data-kind={kind}
                        data-channel={channel}
                      >
                        <span className={styles.track} aria-hidden="true">
                          <span className={styles.thumb} />
                        </span>
                      </Switch>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {failed && (
        <p className={styles.error} role="alert">
          {TEXTS.notifications.settings.saveError}
        </p>
      )}
    </>
  );
}

/** The switch for push notifications on this device, with what stops it (an unsupported browser, a denied permission). */
function PushOnThisDevice() {
  const push = usePushOnThisDevice();
  const note =
    push.state === 'unsupported'
      ? TEXTS.notifications.push.unsupported
      : push.state === 'denied'
        ? TEXTS.notifications.push.denied
        : push.failed
          ? TEXTS.notifications.push.error
          : TEXTS.notifications.push.help;
  return (
    <SettingSwitch
      label={TEXTS.notifications.push.heading}
      help={note}
      isSelected={push.state === 'on'}
      isDisabled={push.busy || push.state === 'checking' || push.state === 'unsupported' || push.state === 'denied'}
      onChange={(on) => void push.change(on)}
    />
  );
}
