// Modules the remotes expose through Module Federation (see each mfe-*/webpack.config.js).
// The shell and the dashboard load them with `loadRemote('<remote>/<Module>')` from
// '@module-federation/enhanced/runtime'; these declarations type a plain `import()` too.
declare module 'dashboard/DashboardPage' {
  const DashboardPage: import('react').ComponentType;
  export default DashboardPage;
}
declare module 'dashboard/JournalPage' {
  const JournalPage: import('react').ComponentType;
  export default JournalPage;
}
declare module 'planning/PlanningPage' {
  const PlanningPage: import('react').ComponentType;
  export default PlanningPage;
}
declare module 'coaching/CoachingPage' {
  const CoachingPage: import('react').ComponentType;
  export default CoachingPage;
}
declare module 'people/PeoplePage' {
  const PeoplePage: import('react').ComponentType;
  export default PeoplePage;
}
declare module 'people/AboutMePanel' {
  const AboutMePanel: import('react').ComponentType;
  export default AboutMePanel;
}
