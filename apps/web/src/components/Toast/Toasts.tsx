import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { TEXTS } from '../../lib/allTexts';
import { Icon } from '../Icon/AllIcons';
import styles from './Toasts.module.css';
import { attachToastRegion, type ToastContent as Content } from './toasts';

/** The app's one toast queue; the region below shows it. */
const toastQueue = new ToastQueue<Content>({ maxVisibleToasts: 3 });
attachToastRegion(({ content, timeout }) => void toastQueue.add(content, { timeout }));

/** Dark pills at the bottom centre; each is announced (role="alert"). */
export function Toasts() {
  return (
    <ToastRegion queue={toastQueue} className={styles.region} aria-label={TEXTS.toast.region}>
      {({ toast }) => (
        <Toast toast={toast} className={[styles.toast, toast.content.tone === 'error' ? styles.error : ''].join(' ')}>
          <ToastContent className={styles.content}>
            {toast.content.thumbnailUrl ? (
              <img className={styles.thumb} src={toast.content.thumbnailUrl} alt="" />
            ) : (
              <Icon className={styles.icon} name={toast.content.tone === 'error' ? 'alert' : 'check'} size={20} />
            )}
            <Text slot="title" className={styles.text}>
              {toast.content.text}
            </Text>
          </ToastContent>
          {toast.content.action && (
            <Button
              className={styles.action}
              onPress={() => {
                toast.content.action?.onAction();
                toastQueue.close(toast.key);
              }}
            >
              {toast.content.action.label}
            </Button>
          )}
          <Button slot="close" className={styles.close} aria-label={TEXTS.toast.close}>
            <Icon name="close" size={16} />
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
