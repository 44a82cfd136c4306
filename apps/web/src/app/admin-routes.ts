// The admin console's routes (/admin and its views), in React Router's data mode like the site's
// pages: the layout (routes/admin.tsx: the session gate, the shell) and one lazy module per view
// with its loader and action (decision 335). Rendered in the browser only.
import type { RouteObject } from 'react-router'

function view(id: string, path: string | undefined, load: () => Promise<object>): RouteObject {
  return path === undefined ? { id, index: true, lazy: load } : { id, path, lazy: load }
}

const dashboard = () => import('../features/admin/dashboard/dashboard-route')

export const adminRoute: RouteObject = {
  id: 'admin',
  path: '/admin',
  lazy: () => import('./routes/admin'),
  children: [
    view('admin-dashboard', undefined, dashboard),
    view('admin-inbox', 'inbox/:table?', () => import('../features/admin/inbox/inbox-route')),
    view('admin-giveaway', 'giveaway', () => import('../features/admin/giveaway/giveaway-route')),
    view('admin-news', 'news', () => import('../features/admin/news/news-route')),
    view('admin-events', 'events', () => import('../features/admin/events/events-route')),
    view('admin-media', 'media', () => import('../features/admin/media/media-route')),
    view('admin-tracks', 'tracks', () => import('../features/admin/tracks/tracks-route')),
    view('admin-episodes', 'episodes', () => import('../features/admin/episodes/episodes-route')),
    view(
      'admin-newsletters',
      'newsletters',
      () => import('../features/admin/newsletters/newsletters-route'),
    ),
    view('admin-fan-data', 'fan-data', () => import('../features/admin/fan-data/fan-data-route')),
    view('admin-elsewhere', '*', dashboard),
  ],
}
