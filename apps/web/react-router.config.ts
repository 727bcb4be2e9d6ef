import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: 'app',
  // WEB_BUILD_DIR (absolute, inside the repository so the server bundle's imports resolve) builds where the
  // server is told to serve from; parallel work in one checkout keeps private builds this way.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  ssr: true,
} satisfies Config
