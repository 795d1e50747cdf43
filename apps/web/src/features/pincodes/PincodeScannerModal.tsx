import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, buttonClass } from '../../components/Button/Button';
import { Modal } from '../../components/Modal/Modal';
import { TEXTS } from '../../lib/allTexts';
import { decodeDrawable, decodePictureFile } from './decodePicture';
import { pincodeTarget } from './pincodeTarget';
import styles from './Pincode.module.css';

export interface PincodeScannerModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** How often a camera frame is read: often enough to feel instant, seldom enough to leave the page responsive. */
const FRAME_MS = 250;

/**
 * Scanning a Pincode from search (decision 061): with the camera
 * (getUserMedia, frames read with jsQR) or from an uploaded picture. A code
 * that names a page of this site opens it; anything else is refused.
 */
export function PincodeScannerModal({ isOpen, onOpenChange }: PincodeScannerModalProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={TEXTS.pincode.scanLabel}>
      {isOpen && <Scanner close={() => onOpenChange(false)} />}
    </Modal>
  );
}

function Scanner({ close }: { close: () => void }) {
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  /** Opens what a code names, or says why not; true when it opened something. */
  const follow = (text: string | null): boolean => {
    if (text === null) return false;
    const target = pincodeTarget(text, window.location.origin);
    if (!target) {
      setError(TEXTS.pincode.notOurs);
      return false;
    }
    close();
    navigate(target);
    return true;
  };

  useEffect(() => {
    const video = videoRef.current;
    if (!stream || !video) return;
    video.srcObject = stream;
    void video.play().catch(() => {});
    const timer = window.setInterval(() => {
      if (video.readyState < 2) return;
      const text = decodeDrawable(video, video.videoWidth, video.videoHeight);
      if (text !== null && follow(text)) window.clearInterval(timer);
    }, FRAME_MS);
    return () => {
      window.clearInterval(timer);
      for (const track of stream.getTracks()) track.stop();
    };
    // `follow` reads only setters and the router: the loop is tied to the stream alone.
  }, [stream]);

  const startCamera = async () => {
    setError('');
    if (!navigator.mediaDevices?.getUserMedia) {
      setError(TEXTS.pincode.noCamera);
      return;
    }
    try {
      setStream(await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }));
      setStatus(TEXTS.pincode.scanning);
    } catch {
      setError(TEXTS.pincode.noCamera);
    }
  };

  const stopCamera = () => {
    setStream(null);
    setStatus('');
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError('');
    setStatus(TEXTS.pincode.scanning);
    const text = await decodePictureFile(file);
    setStatus('');
    if (text === null) setError(TEXTS.pincode.notFound);
    else follow(text);
  };

  return (
    <div className={styles.body}>
      <p className={styles.text}>{TEXTS.pincode.scanBody}</p>
      {stream && <video ref={videoRef} className={styles.video} muted playsInline aria-label={TEXTS.pincode.scanLabel} />}
      <div className={styles.actions}>
        {stream ? (
          <Button onPress={stopCamera}>{TEXTS.pincode.stopCamera}</Button>
        ) : (
          <Button variant="primary" onPress={() => void startCamera()}>
            {TEXTS.pincode.useCamera}
          </Button>
        )}
        <input
          id="pincode-picture"
          className={styles.fileInput}
          type="file"
          accept="image/*"
          onChange={(e) => {
            void onFile(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
        <label htmlFor="pincode-picture" className={buttonClass({ variant: 'secondary' })}>
          {TEXTS.pincode.upload}
        </label>
      </div>
      <p className={styles.status} role="status">
        {status}
      </p>
      <p className={styles.error} role="alert">
        {error}
      </p>
    </div>
  );
}
