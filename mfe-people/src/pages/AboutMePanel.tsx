import { fetchProfile, type ProfileAnswer } from '../api/profile';
import { ServiceStatus, useServiceCall } from '@cc/ui/service-status';

function describeProfile(answer: ProfileAnswer): string {
  return answer.profile ? 'profile loaded' : 'no profile yet';
}

/**
 * The About me view. The dashboard shows it (through federation) when no file is open, so
 * it does not set the tab title or assume a page around it.
 */
export default function AboutMePanel() {
  const profile = useServiceCall((signal) => fetchProfile(signal));
  return (
    <section id="aboutme-root" data-testid="aboutme-root" data-remote="people" className="panel about-me" aria-labelledby="aboutme-title">
      <h2 id="aboutme-title">About me</h2>
      <p className="page-lead">Your professional profile: statements about your work and a narrative the coach helps you write.</p>
      <ServiceStatus label="Profile service" state={profile} describe={describeProfile} />
    </section>
  );
}

export { AboutMePanel };
