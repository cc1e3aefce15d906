/** Line icons of the workbench tiles, drawn inline so the page needs no icon library. */
const PATHS = {
  // Sliders: settings to manage, unlike 数据大屏's screen with a chart.
  admin: (
    <>
      <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
      <circle cx="15" cy="6" r="2" />
      <circle cx="9" cy="12" r="2" />
      <circle cx="17" cy="18" r="2" />
    </>
  ),
  screen: (
    <>
      <rect x="2.5" y="3.5" width="19" height="13" rx="1.5" />
      <path d="M8 20.5h8M12 16.5v4M6.5 13l3-3.5 3 2 4.5-5" />
    </>
  ),
  phone: (
    <>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2" />
      <path d="M10.5 5.5h3M12 18.5h.01" />
    </>
  ),
  digital: (
    <>
      <path d="M3.5 20.5h17" />
      <rect x="5" y="11" width="3" height="7" rx=".5" />
      <rect x="10.5" y="6" width="3" height="12" rx=".5" />
      <rect x="16" y="9" width="3" height="9" rx=".5" />
    </>
  ),
  center: (
    <>
      <path d="M3 9.5 12 4l9 5.5H3Z" />
      <path d="M5.5 12v6M10 12v6M14 12v6M18.5 12v6M3 20.5h18" />
    </>
  ),
  village: (
    <>
      <path d="M2.5 11 8 6.5l5.5 4.5M4 10v9.5h8V10" />
      <path d="M13 9.5 17 6l4.5 4v9.5H12M7 19.5v-4h2v4M16.5 13h2" />
    </>
  ),
  org: (
    <>
      <rect x="9" y="3" width="6" height="4.5" rx="1" />
      <rect x="2.5" y="16.5" width="6" height="4.5" rx="1" />
      <rect x="15.5" y="16.5" width="6" height="4.5" rx="1" />
      <path d="M12 7.5V12M5.5 16.5V12h13v4.5" />
    </>
  ),
} as const;

export type TileIconName = keyof typeof PATHS;

export default function TileIcon({ name }: { name: TileIconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {PATHS[name]}
    </svg>
  );
}
