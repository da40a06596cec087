import { Suspense, lazy, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeft, Calendar, FileText, Heart, Loader2, Pencil, Share2 } from 'lucide-react';
import type { CurrentUser } from '@saathi/contracts';
import { useCurrentUser } from '../api/use-current-user';
import {
  useOrganisedCircles,
  usePeopleMet,
  useProfile,
  useProfileStats,
  usePublicUser,
} from '../api/use-profile';
import { BlockButton } from '../components/block-button';
import { BlockedPeopleList } from '../components/blocked-people-list';
import { EditProfileForm } from '../components/edit-profile-form';
import { NoticeCard } from '../components/notice-card';
import { PastActivitiesSection } from '../components/past-activities-section';
import { ProfileInterests } from '../components/profile-interests';
import { ProfileTrustLines } from '../components/profile-trust-lines';
import { ShareProfileDialog } from '../components/share-profile-dialog';
import { Spinner } from '../components/spinner';
import { buttonPrimary, buttonSecondary, cardClass, linkClass } from '../components/ui';
import { UserAvatar } from '../components/user-avatar';
import { YourDataSection } from '../components/your-data-section';
import { serverMessage } from '../lib/error-message';
import { profileDisplayName } from '../lib/names';
import { monthText } from '../lib/profile-trust';
import { qrCodeDataUrl } from '../lib/qr-code';
import { profileLink } from '../lib/share-links';
import { toast } from '../lib/toast-store';
import { usePageTitle } from '../lib/use-page-title';

// Its own chunk: the profile's first render (the card and the stats) does not wait for it.
const NotificationSettingsSection = lazy(() => import('../components/notification-settings-section'));
const WhoMayMessageSection = lazy(() => import('../components/who-may-message-setting'));

/** /profile and /profile/:userId: signed in only; editing only one's own. */
export default function ProfilePage() {
  usePageTitle('Profile - Saathi');
  const { userId: routeUserId } = useParams();
  const { user, isLoading } = useCurrentUser();

  if (isLoading) return <Spinner />;
  if (!user) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <NoticeCard title="Sign In Required">
          <p className="mt-2 text-slate-600">Please sign in to view profiles.</p>
          <Link to="/auth" className={`${buttonPrimary} mt-6`}>
            Sign In
          </Link>
        </NoticeCard>
      </div>
    );
  }
  const targetId = routeUserId ?? user.id;
  return <ProfileDashboard key={targetId} me={user} targetId={targetId} />;
}

function ProfileDashboard({ me, targetId }: { me: CurrentUser; targetId: string }) {
  const isOwn = targetId === me.id;
  const profileQuery = useProfile(targetId);
  const otherUser = usePublicUser(targetId, !isOwn);
  const stats = useProfileStats(targetId);
  const peopleMet = usePeopleMet(targetId);
  const organised = useOrganisedCircles(targetId);
  const [editing, setEditing] = useState(false);
  const [share, setShare] = useState<{ qr: string; link: string } | null>(null);
  const [preparingShare, setPreparingShare] = useState(false);

  const waitingForProfile = profileQuery.isLoading || (!isOwn && otherUser.isLoading);
  // While the page waits for the profile anyway, it waits for the circles too (asked at the same
  // time, usually back first), so "Organises" never pushes the card's buttons down after the first
  // paint. A profile already cached shows at once.
  const heldForCircles = useRef(waitingForProfile);
  if (waitingForProfile || (heldForCircles.current && organised.isLoading)) return <Spinner />;

  const profile = profileQuery.data ?? null;
  const displayName = profileDisplayName({
    displayName: profile?.displayName,
    isOwn,
    user: isOwn ? me : otherUser.data,
  });
  const imageUrl = profile?.profileImageUrl || (isOwn ? me.profileImageUrl : null);
  const username = isOwn ? me.username : otherUser.data?.username;

  const openShare = async () => {
    const link = profileLink(window.location.origin, me.id);
    setPreparingShare(true);
    try {
      const qr = await qrCodeDataUrl(link);
      setShare({ qr, link });
    } catch {
      toast({ title: 'Error', description: 'Failed to generate QR code', variant: 'destructive' });
    } finally {
      setPreparingShare(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/home"
          className={`${linkClass} tap-target relative inline-flex w-fit items-center gap-1 text-sm`}
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Home
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">Profile Dashboard</h1>
      </div>

      {profileQuery.isError ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {serverMessage(profileQuery.error) ?? 'Failed to load profile'}
        </p>
      ) : null}

      {editing && isOwn ? (
        <EditProfileForm me={me} profile={profile} onDone={() => setEditing(false)} />
      ) : (
        <section aria-label="Profile" className={`${cardClass} mt-6`}>
          <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
            <UserAvatar name={displayName} imageUrl={imageUrl} size="lg" />
            <div className="min-w-0 flex-1">
              <h2 className="text-xl font-semibold break-words text-slate-900">{displayName}</h2>
              {username ? (
                <span className="mt-1 inline-block rounded-full bg-teal-50 px-2.5 py-0.5 text-sm font-medium text-teal-900">
                  @{username}
                </span>
              ) : null}
              {profile?.bio ? (
                <p className="mt-3 whitespace-pre-line break-words text-slate-700">{profile.bio}</p>
              ) : null}
              {profile ? (
                <>
                  <ProfileInterests interests={profile.interests} shared={profile.sharedInterests} />
                  <ProfileTrustLines profile={profile} peopleMet={peopleMet} organises={organised.data} />
                </>
              ) : null}
              <div className="mt-4 flex flex-wrap justify-center gap-2 sm:justify-start">
                {isOwn ? (
                  <button type="button" className={buttonPrimary} onClick={() => setEditing(true)}>
                    <Pencil className="h-4 w-4" aria-hidden="true" /> Edit Profile
                  </button>
                ) : (
                  <BlockButton userId={targetId} name={displayName} />
                )}
                <button
                  type="button"
                  className={buttonSecondary}
                  onClick={() => void openShare()}
                  disabled={preparingShare}
                >
                  {preparingShare ? (
                    <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                  ) : (
                    <Share2 className="h-4 w-4" aria-hidden="true" />
                  )}
                  Share Profile
                </button>
              </div>
            </div>
          </div>
        </section>
      )}

      <ul className="mt-6 grid gap-4 sm:grid-cols-3">
        <StatCard
          icon={<FileText className="h-5 w-5" aria-hidden="true" />}
          title="Posts"
          value={String(stats.posts)}
          hint="Total posts created"
        />
        <StatCard
          icon={<Heart className="h-5 w-5" aria-hidden="true" />}
          title="Likes Received"
          value={String(stats.likesReceived)}
          hint="From your posts"
        />
        {/* The account's month, as the trust line says it: never the day someone joined. */}
        <StatCard
          icon={<Calendar className="h-5 w-5" aria-hidden="true" />}
          title="Member Since"
          value={(profile && monthText(profile.memberSince)) ?? 'Today'}
          hint={isOwn ? 'Welcome to Saathi' : 'Part of Saathi'}
        />
      </ul>

      {/* The summary first (the three cards); what one manages (activities, notifications, blocks, data) below. */}
      {isOwn ? <PastActivitiesSection /> : null}
      {isOwn ? (
        <Suspense fallback={null}>
          <NotificationSettingsSection />
          <WhoMayMessageSection />
        </Suspense>
      ) : null}
      {isOwn ? <BlockedPeopleList /> : null}
      {isOwn ? <YourDataSection /> : null}

      {share ? (
        <ShareProfileDialog
          open
          onOpenChange={(open) => {
            if (!open) setShare(null);
          }}
          qrDataUrl={share.qr}
          link={share.link}
        />
      ) : null}
    </div>
  );
}

function StatCard({
  icon,
  title,
  value,
  hint,
}: {
  icon: ReactNode;
  title: string;
  value: string;
  hint: string;
}) {
  return (
    <li className={`${cardClass} p-5`}>
      <div className="flex items-center justify-between text-slate-600">
        <h3 className="text-sm font-medium">{title}</h3>
        <span className="text-teal-700">{icon}</span>
      </div>
      <p className="mt-2 text-2xl font-bold text-slate-900">{value}</p>
      <p className="text-xs text-slate-600">{hint}</p>
    </li>
  );
}
