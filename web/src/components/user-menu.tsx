import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BookOpen, LogOut, MessageSquareText, User } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import type { CurrentUser } from '@saathi/contracts';
import { useLogout } from '../api/use-auth';
import { toast } from '../lib/toast-store';
import { UserAvatar } from './user-avatar';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-teal-50 data-[highlighted]:text-teal-900';

/** The header's avatar menu: Profile, Blog, Feedback, Logout. */
export default function UserMenu({ user, onFeedback }: { user: CurrentUser; onFeedback: () => void }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const name = user.firstName?.trim() || user.username;

  const signOut = () => {
    logout.mutate(undefined, {
      onSettled: () => {
        void navigate('/');
      },
      onError: () => toast({ title: 'Error', description: 'Failed to log out', variant: 'destructive' }),
    });
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="tap-target relative rounded-full focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        <UserAvatar name={name} imageUrl={user.profileImageUrl} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-48 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="truncate px-3 py-1.5 text-xs font-medium text-slate-600">
            @{user.username}
          </DropdownMenu.Label>
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate('/profile')}>
            <User className="h-4 w-4" aria-hidden="true" /> Profile
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate('/blog')}>
            <BookOpen className="h-4 w-4" aria-hidden="true" /> Blog
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={onFeedback}>
            <MessageSquareText className="h-4 w-4" aria-hidden="true" /> Feedback
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} onSelect={signOut}>
            <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
