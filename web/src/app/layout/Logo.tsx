/** The brand mark: a rising line on a navy tile. Decorative; the link around it carries the name. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className="logo"
    >
      <rect width="32" height="32" rx="7" fill="#12355b" />
      <path
        d="M6 22.5l6-6.5 5 4 9-10"
        fill="none"
        stroke="#3ecf8e"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="26" cy="10" r="2.6" fill="#f2b134" />
    </svg>
  );
}
