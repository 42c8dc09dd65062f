import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/ui/overlay';
import { Alert } from '../../../components/ui/feedback';
import styles from '../manage.module.css';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

/** The browser's BarcodeDetector, where there is one (Chrome on Android, Edge …). */
function detectorClass(): BarcodeDetectorCtor | null {
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector ?? null;
}

export function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

const FORMATS = ['qr_code', 'code_128', 'code_39', 'ean_13', 'ean_8', 'upc_a', 'itf', 'data_matrix', 'pdf417'];

/**
 * Reads one code with the device camera and hands it over. Where the browser cannot read codes (no BarcodeDetector,
 * no camera, permission refused) it says so and staff go on with the hand scanner or by typing.
 */
export function CameraScanner({ open, onClose, onDetect }: { open: boolean; onClose: () => void; onDetect: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setProblem(null);
    const Detector = detectorClass();
    if (!Detector || !cameraAvailable()) {
      setProblem(t('manage:camera.unsupported'));
      return;
    }
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const detector = new Detector({ formats: FORMATS });
    void navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        if (stopped) {
          s.getTracks().forEach((tr) => tr.stop());
          return;
        }
        stream = s;
        if (!video.current) return;
        video.current.srcObject = s;
        await video.current.play().catch(() => undefined);
        const tick = async () => {
          if (stopped || !video.current) return;
          try {
            const found = await detector.detect(video.current);
            const code = found.find((f) => f.rawValue.trim())?.rawValue.trim();
            if (code) {
              stopped = true;
              onDetect(code);
              return;
            }
          } catch {
            // a frame that could not be read; try the next one
          }
          timer = window.setTimeout(() => void tick(), 200);
        };
        void tick();
      })
      .catch(() => setProblem(t('manage:camera.denied')));
    return () => {
      stopped = true;
      if (timer) window.clearTimeout(timer);
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [open, onDetect, t]);

  return (
    <Sheet open={open} onClose={onClose} title={t('manage:camera.title')}>
      {problem ? (
        <Alert kind="info">{problem}</Alert>
      ) : (
        <div className={styles.cameraBox}>
          <video ref={video} className={styles.cameraVideo} muted playsInline data-testid="camera-video" />
          <span className={styles.cameraFrame} aria-hidden="true" />
          <p className={styles.muted}>{t('manage:camera.hint')}</p>
        </div>
      )}
    </Sheet>
  );
}
