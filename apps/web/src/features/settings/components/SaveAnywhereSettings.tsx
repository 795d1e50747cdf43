import { useState } from 'react';
import { buttonClass } from '../../../components/Button/Button';
import { TEXTS } from '../../../lib/allTexts';
import { bookmarkletHref } from '../../save-anywhere/saveRequest';
import { SettingsSection } from './SettingsSection';
import styles from './Settings.module.css';

/**
 * Settings › Save from anywhere (decision 101): the bookmarklet to drag to the bookmarks bar, and how to get
 * the browser extension and the installed app's share target.
 */
export function SaveAnywhereSettings() {
  const [clicked, setClicked] = useState(false);
  const href = bookmarkletHref(window.location.origin);
  return (
    <>
      <SettingsSection id="bookmarklet-heading" heading={TEXTS.saveAnywhere.bookmarkletHeading} intro={TEXTS.saveAnywhere.bookmarkletSteps}>
        <p>
          {/* React refuses javascript: addresses in href: the attribute is set on the element itself. A click here only explains. */}
          <a
            ref={(link) => link?.setAttribute('href', href)}
            className={buttonClass({ variant: 'primary', size: 'large' })}
            draggable
            onClick={(event) => {
              event.preventDefault();
              setClicked(true);
            }}
          >
            {TEXTS.saveAnywhere.bookmarkletLink}
          </a>
        </p>
        {clicked && (
          <p className={styles.help} role="status">
            {TEXTS.saveAnywhere.bookmarkletDragHint}
          </p>
        )}
      </SettingsSection>
      <SettingsSection id="extension-heading" heading={TEXTS.saveAnywhere.extensionHeading} intro={TEXTS.saveAnywhere.extensionBody}>
        {null}
      </SettingsSection>
      <SettingsSection id="app-heading" heading={TEXTS.saveAnywhere.appHeading} intro={TEXTS.saveAnywhere.appBody}>
        {null}
      </SettingsSection>
    </>
  );
}
