import { Link } from 'react-router-dom';
import { usePageTitle } from '../lib/use-page-title';
import { buttonPrimary } from '../components/ui';

export default function NotFoundPage() {
  usePageTitle('404 Page Not Found - Saathi');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl font-bold text-teal-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">404 Page Not Found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/home" className={`${buttonPrimary} mt-8`}>
        Back to Home
      </Link>
    </div>
  );
}
