/**
 * The small "Report" under someone else's comment or answer; its accessible name says which
 * ("Report comment by Asha"), as a list holds many.
 */
export function ReportButton({ what, onClick }: { what: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="tap-target relative rounded px-1.5 py-1 font-medium text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
    >
      Report<span className="sr-only"> {what}</span>
    </button>
  );
}
