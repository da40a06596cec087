import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AppShell } from './components/app-shell';

// Every screen is its own chunk so the first screen's JavaScript stays small.
const HomePage = lazy(() => import('./pages/home-page'));
const AuthPage = lazy(() => import('./pages/auth-page'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password-page'));
const VerifyEmailPage = lazy(() => import('./pages/verify-email-page'));
const ProfilePage = lazy(() => import('./pages/profile-page'));
const MessagesPage = lazy(() => import('./pages/messages-page'));
const BlogPage = lazy(() => import('./pages/blog-page'));
const BlogPostPage = lazy(() => import('./pages/blog-post-page'));
const PostPage = lazy(() => import('./pages/post-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));
const AdminModerationPage = lazy(() => import('./pages/admin-moderation-page'));
const AdminPageViewsPage = lazy(() => import('./pages/admin-page-views-page'));

export function App() {
  return (
    <AppShell>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/home" element={<HomePage />} />
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/profile/:userId" element={<ProfilePage />} />
        <Route path="/messages" element={<MessagesPage />} />
        <Route path="/blog" element={<BlogPage />} />
        <Route path="/blog/:slug" element={<BlogPostPage />} />
        <Route path="/post/:id" element={<PostPage />} />
        <Route path="/admin/moderation" element={<AdminModerationPage />} />
        <Route path="/admin/page-views" element={<AdminPageViewsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </AppShell>
  );
}
