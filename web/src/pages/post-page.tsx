import { Link, useNavigate, useParams } from 'react-router-dom';
import { ArrowLeft, SearchX } from 'lucide-react';
import { usePost } from '../api/use-feed';
import { NoticeCard } from '../components/notice-card';
import { PostCard } from '../components/post-card';
import { ActivityPanel } from '../components/activity-panel';
import { PostSkeletons } from '../components/post-skeleton';
import { buttonPrimary, linkClass } from '../components/ui';
import { usePageTitle } from '../lib/use-page-title';
import { useStoredLocation } from '../lib/use-stored-location';

/** /post/:id, where share links land: that one post's card, or a not-found notice. */
export default function PostPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { location } = useStoredLocation();
  const point = location ? { latitude: location.latitude, longitude: location.longitude } : null;
  const post = usePost(id, point);
  usePageTitle(post.data ? `${post.data.authorName} on Saathi` : 'Post - Saathi');

  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <Link to="/home" className={`${linkClass} tap-target relative inline-flex items-center gap-1 text-sm`}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Home
      </Link>
      {post.isPending ? (
        <div className="mt-4">
          <PostSkeletons count={1} />
        </div>
      ) : post.data ? (
        <>
          <h1 className="sr-only">Post by {post.data.authorName}</h1>
          <div className="mt-4">
            <PostCard post={post.data} headingLevel={2} onDeleted={() => void navigate('/home')} />
            {post.data.activity ? <ActivityPanel post={post.data} /> : null}
          </div>
        </>
      ) : (
        <NoticeCard icon={SearchX} title="Post Not Found" className="mt-6">
          <p className="mt-2 text-slate-600">
            {post.isError
              ? 'This post could not be loaded. Please try again.'
              : 'This post may have expired or been deleted.'}
          </p>
          <Link to="/home" className={`${buttonPrimary} mt-6`}>
            See posts near you
          </Link>
        </NoticeCard>
      )}
    </div>
  );
}
