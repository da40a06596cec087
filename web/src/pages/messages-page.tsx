import { Link } from 'react-router-dom';
import { MessageCircle } from 'lucide-react';
import { useCurrentUser } from '../api/use-current-user';
import { Spinner } from '../components/spinner';
import { NoticeCard } from '../components/notice-card';
import { buttonPrimary } from '../components/ui';
import { usePageTitle } from '../lib/use-page-title';

/** Placeholder until the messaging issue lands: the signed-out prompt and an empty inbox. */
export default function MessagesPage() {
  usePageTitle('Messages - Saathi');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-slate-900">Messages</h1>
      <NoticeCard icon={MessageCircle} className="mt-6 py-12">
        {user ? (
          <p className="text-slate-600">No conversations yet. Message someone from a post to start one.</p>
        ) : (
          <>
            <p className="text-slate-600">Sign in to see your messages.</p>
            <Link to="/auth" className={`${buttonPrimary} mt-6`}>
              Sign In
            </Link>
          </>
        )}
      </NoticeCard>
    </div>
  );
}
