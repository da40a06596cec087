import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { NoticeCard } from '../components/notice-card';
import { linkClass } from '../components/ui';
import { usePageTitle } from '../lib/use-page-title';

/** Placeholder until the blog issue lands. */
export default function BlogPage() {
  usePageTitle('Blog | Saathi');
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/home" className={`${linkClass} inline-flex items-center gap-1 text-sm`}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Home
      </Link>
      <p className="mt-4 text-sm font-medium text-teal-800">Community Blog</p>
      <h1 className="text-3xl font-bold text-slate-900">Blog</h1>
      <NoticeCard level={2} title="Coming Soon!" className="mt-6">
        <p className="mt-2 text-slate-600">
          Our automated content generation is preparing stories for the community.
        </p>
      </NoticeCard>
    </div>
  );
}
