export default function Page() {
  return <div className="p-8">reset-password</div>;
}
