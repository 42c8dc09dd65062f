import styles from './layout.module.css';

/** Start-up screen: two spinning rings around the 60px logo, with the global progress bar. */
export function LoadingScreen({ logo = '/brand/logo.svg' }: { logo?: string }) {
  return (
    <>
      <ProgressBar />
      <div className={styles.loading} role="status" aria-live="polite" aria-label="Loading">
        <div className={styles.rings}>
          <span className={styles.ring} />
          <span className={styles.ringInner} />
          <img className={styles.loadingLogo} src={logo} alt="" width={60} height={60} />
        </div>
      </div>
    </>
  );
}

export function ProgressBar() {
  return <div className={styles.progress} role="progressbar" aria-hidden="true" data-testid="global-progress" />;
}
