import { useTranslation } from 'react-i18next';
import styles from './lessons.module.css';

/** Hosts the page may embed (the API's Content-Security-Policy frame-src allows exactly these). */
const EMBEDDABLE = ['www.youtube-nocookie.com', 'www.youtube.com', 'player.vimeo.com'];

export function embeddable(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && EMBEDDABLE.includes(parsed.hostname);
  } catch {
    return false;
  }
}

/** A lesson's video, embedded when it comes from a known player, otherwise a link to it. */
export function LessonVideo({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  if (!embeddable(url)) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className={styles.videoLink}>
        {t('lessons:watch_video')} ({t('content:new_tab')})
      </a>
    );
  }
  return (
    <div className={styles.video} data-testid="lesson-video">
      <iframe
        src={url}
        title={t('lessons:video_title', { title })}
        loading="lazy"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
