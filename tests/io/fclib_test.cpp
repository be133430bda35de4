// FCLIB import and export (io/fclib.h): a written problem reads back bit for bit (W, q, μ, r, u
// and the info), and every kind of bad file is an InputError naming the file — files made broken
// here with the HDF5 library directly.
#include "contactlab/io/fclib.h"
#include "contactlab/core/error.h"
#include "solver/contact_rows.h"

#include <gtest/gtest.h>

#include <hdf5.h>

#include <Eigen/Dense>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <random>

namespace contactlab {
namespace {

namespace fs = std::filesystem;

struct Folder {
  fs::path dir = fs::temp_directory_path() / ("contactlab-fclib-" + std::to_string(::getpid()));
  Folder() { fs::create_directories(dir); }
  ~Folder() { fs::remove_all(dir); }
};

std::string message_of(const std::string& path) {
  try {
    read_fclib(path);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Fclib, ProblemAndSolutionRoundTripBitForBit) {
  Folder folder;
  std::mt19937_64 rng(21);
  for (int trial = 0; trial < 10; ++trial) {
    const ContactProblem problem = test::random_problem(rng, 2 + trial % 4, 1 + trial % 7);
    std::vector<Vec3> impulses;
    for (std::size_t k = 0; k < problem.contacts.size(); ++k) impulses.emplace_back(0.1 * k, -0.2, 0.3 * trial);
    FclibProblem written = fclib_problem(problem, trial % 2 == 0 ? &impulses : nullptr);
    written.title = "trial " + std::to_string(trial);
    written.description = "random bodies";
    const std::string path = (folder.dir / ("p" + std::to_string(trial) + ".hdf5")).string();
    write_fclib(written, path);
    const FclibProblem read = read_fclib(path);
    EXPECT_EQ(Eigen::MatrixXd(read.delassus), Eigen::MatrixXd(written.delassus)) << trial;
    EXPECT_EQ(read.free_velocity, written.free_velocity);
    EXPECT_EQ(read.friction, written.friction);
    EXPECT_EQ(read.title, written.title);
    EXPECT_EQ(read.description, written.description);
    ASSERT_EQ(read.impulses.has_value(), trial % 2 == 0);
    if (read.impulses) {
      EXPECT_EQ(*read.impulses, *written.impulses);
      EXPECT_EQ(*read.velocities, *written.velocities);
      // u = W r + q, computed from the problem's own J M⁻¹ Jᵀ.
      const test::Dense d = test::assemble(problem);
      const Eigen::VectorXd u =
          d.jacobian * d.inverse_mass * d.jacobian.transpose() * *written.impulses + written.free_velocity;
      EXPECT_LT((*read.velocities - u).norm(), 1e-12 * (1 + u.norm()));
    }
    // Writing again replaces the file.
    write_fclib(written, path);
    EXPECT_EQ(read_fclib(path).free_velocity, written.free_velocity);
  }
}

/// A valid file, then one dataset replaced by `values` (HDF5 directly).
void replace_dataset(const std::string& path, const char* name, const std::vector<double>& values) {
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  ASSERT_GE(file, 0);
  H5Ldelete(file, name, H5P_DEFAULT);
  const hsize_t dims[1] = {values.size()};
  const hid_t space = H5Screate_simple(1, dims, nullptr);
  const hid_t set = H5Dcreate2(file, name, H5T_NATIVE_DOUBLE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Dwrite(set, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data());
  H5Dclose(set);
  H5Sclose(space);
  H5Fclose(file);
}

TEST(Fclib, BadFilesAreNamedInputErrors) {
  Folder folder;
  const std::string missing = (folder.dir / "missing.hdf5").string();
  EXPECT_NE(message_of(missing).find(missing + ": no such file"), std::string::npos) << message_of(missing);
  EXPECT_NE(message_of(folder.dir.string()).find("not a regular file"), std::string::npos);
  const std::string text = (folder.dir / "text.hdf5").string();
  std::ofstream(text) << "not hdf5\n";
  EXPECT_NE(message_of(text).find("not an HDF5 file"), std::string::npos) << message_of(text);
  const std::string empty = (folder.dir / "empty.hdf5").string();
  H5Fclose(H5Fcreate(empty.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT));
  EXPECT_NE(message_of(empty).find("no /fclib_local group"), std::string::npos) << message_of(empty);

  std::mt19937_64 rng(22);
  const FclibProblem good = fclib_problem(test::random_problem(rng, 3, 4));
  const auto broken = [&](const char* name, const char* dataset, const std::vector<double>& values) {
    const std::string path = (folder.dir / name).string();
    write_fclib(good, path);
    replace_dataset(path, dataset, values);
    return message_of(path);
  };
  std::string m = broken("short_q.hdf5", "/fclib_local/vectors/q", {1.0, 2.0});
  EXPECT_NE(m.find("/fclib_local/vectors/q: expected 12 entries, got 2"), std::string::npos) << m;
  m = broken("nan_q.hdf5", "/fclib_local/vectors/q", std::vector<double>(12, std::nan("")));
  EXPECT_NE(m.find("/fclib_local/vectors/q[0]: expected a finite number"), std::string::npos) << m;
  m = broken("negative_mu.hdf5", "/fclib_local/vectors/mu", {0.5, -1.0, 0.5, 0.5});
  EXPECT_NE(m.find("/fclib_local/vectors/mu[1]: expected >= 0"), std::string::npos) << m;
  m = broken("short_x.hdf5", "/fclib_local/W/x", {1.0});
  EXPECT_NE(m.find("/fclib_local/W/x: expected at least"), std::string::npos) << m;
  m = broken("spacedim.hdf5", "/fclib_local/spacedim", {2.0});
  EXPECT_NE(m.find("/fclib_local/spacedim: expected 3 (3-D contact), got 2"), std::string::npos) << m;
}

TEST(Fclib, WritingToAFolderIsRefused) {
  Folder folder;
  std::mt19937_64 rng(23);
  EXPECT_THROW(write_fclib(fclib_problem(test::random_problem(rng, 3, 2)), folder.dir.string()), InputError);
}

// A problem without contacts cannot be written (libfclib would end the process), so it is refused.
TEST(Fclib, AProblemWithoutContactsIsRefused) {
  Folder folder;
  ContactProblem empty;
  empty.bodies.resize(2);
  const std::string path = (folder.dir / "empty.hdf5").string();
  try {
    write_fclib(fclib_problem(empty), path);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("without contacts"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(path));
}

}  // namespace
}  // namespace contactlab
