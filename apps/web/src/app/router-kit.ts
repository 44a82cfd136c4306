// What main.tsx needs of React Router to start the page, as one module it imports on its own
// step (decision 250).
export { createBrowserRouter, matchRoutes } from 'react-router'
export { RouterProvider } from 'react-router/dom'
