import type { TLang } from '@portal/contract';

/** Small flags for the language list (drawn, not emoji: Windows shows emoji flags as letters). */
export function Flag({ lang, size = 22 }: { lang: TLang; size?: number }) {
  const h = Math.round((size * 2) / 3);
  const common = {
    width: size,
    height: h,
    viewBox: '0 0 30 20',
    'aria-hidden': true,
    focusable: false,
    style: { borderRadius: 3, flex: 'none' },
  } as const;
  if (lang === 'kk')
    return (
      <svg {...common}>
        <rect width="30" height="20" fill="#00afca" />
        <g fill="#fec50c">
          <circle cx="16" cy="8.5" r="3.2" />
          {Array.from({ length: 16 }, (_, i) => {
            const a = (i * Math.PI) / 8;
            return <circle key={i} cx={16 + Math.cos(a) * 4.7} cy={8.5 + Math.sin(a) * 4.7} r="0.7" />;
          })}
          <path d="M10.5 14.2c2.6-.9 4-.9 5.5.1 1.5-1 2.9-1 5.5-.1-1.8 1.4-3.6 1.9-5.5 1.1-1.9.8-3.7.3-5.5-1.1Z" />
          <path d="M2.2 1.5h1.6v17H2.2z" opacity=".9" />
        </g>
      </svg>
    );
  if (lang === 'ru')
    return (
      <svg {...common}>
        <rect width="30" height="20" fill="#fff" />
        <rect y="6.67" width="30" height="6.67" fill="#0039a6" />
        <rect y="13.33" width="30" height="6.67" fill="#d52b1e" />
        <rect width="30" height="20" fill="none" stroke="rgba(0,0,0,.15)" />
      </svg>
    );
  return (
    <svg {...common}>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#fff" strokeWidth="4" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#c8102e" strokeWidth="1.6" />
      <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#c8102e" strokeWidth="3.4" />
    </svg>
  );
}
